foo { 'a': class => 1, unless => 2, plus +> 3 }
