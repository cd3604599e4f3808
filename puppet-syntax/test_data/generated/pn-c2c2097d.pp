"${true}"
