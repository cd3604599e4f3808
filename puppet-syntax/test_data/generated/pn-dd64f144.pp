@("TXT1")
 ${""}
TXT1
