# An unprivileged TCP port.
type Webapp::Port = Integer[1024, 65535]
