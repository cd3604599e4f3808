type T inherits U { }
