define d(String) { }
