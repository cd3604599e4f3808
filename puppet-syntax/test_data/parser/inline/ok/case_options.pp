case $x { 'a', /b/: { 1 } default: { } }
