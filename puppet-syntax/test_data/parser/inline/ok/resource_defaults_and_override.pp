File { mode => '0644' }
File['/a'] { owner => root }
