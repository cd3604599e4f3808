notify { 'a':, message => 'b' }
File { 'title': , }
File { , mode => '0644' }
notify { 'b': , ; 'c':, x => 1, }
