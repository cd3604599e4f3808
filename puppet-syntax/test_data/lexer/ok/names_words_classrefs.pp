foo::bar ::foo ::foo::bar foo-bar _foo foo::_bar a::b-c _ foo- foo::Bar
Foo-Bar Foo::Bar ::Foo x1 a_b
