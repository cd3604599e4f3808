node a.b., c { }
