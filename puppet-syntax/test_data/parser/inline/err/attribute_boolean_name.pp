foo { 'a': true => 1 }
