$timeout = /* seconds */ 30
class x (
  Integer $a = 1, # why one
  /* legacy */ $b = 2
) {}
