class a::b(String $x = "y") inherits a { include c }
class d inherits default { }
