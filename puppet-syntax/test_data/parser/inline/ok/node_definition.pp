node 'a', b.c.d, 192.168.0.1, /re/, default inherits x { }
