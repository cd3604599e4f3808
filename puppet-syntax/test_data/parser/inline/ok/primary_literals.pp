$x = [1, 0x1F, 017, 1.5e3, true, false, undef, default, 'sq', "dq", bare-word, /re/, Type, name]
