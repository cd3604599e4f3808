foo::bar {
1:, ;
}
