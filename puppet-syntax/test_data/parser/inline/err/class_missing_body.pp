class x notice(1)
