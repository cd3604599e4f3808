@file { '/a': }
@@file { '/b': }
