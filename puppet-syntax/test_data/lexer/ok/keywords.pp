case class default define if elsif else inherits node and or undef in unless
function type attr private true false plan apply application site
