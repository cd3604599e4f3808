# Writes test_data/pn/ast_classes.txt: every Puppet::AST class with parent, own attributes (Pcore type,
# kind, default) and Class.new order (without locator/offset/length). usage: ruby ast_classes.rb > ast_classes.txt
require 'puppet'
M = Puppet::Pops::Model
names = M.constants.map { |c| M.const_get(c) }.select { |c| c.is_a?(Class) && c <= M::PopsObject }.map { |c| c.name.split('::').last }.sort
names.each do |n|
  k = M.const_get(n)
  t = k._pcore_type
  attrs = t.attributes(false).reject { |an, a| a.kind == 'derived' || %w[locator offset length].include?(an) && n == 'Positioned' }.map do |an, a|
    ty = a.type.is_a?(Puppet::Pops::Types::PObjectType) ? a.type.name : a.type.to_s
    s = "#{an}: #{ty.gsub('Puppet::AST::', '')}"
    s += " (#{a.kind})" if a.kind
    s += " = #{a.value.inspect}" if a.value?
    s
  end
  ctor = k.instance_method(:initialize).parameters.map { |_, p| p.to_s }
  ctor -= %w[locator offset length] if k <= M::Positioned
  puts "#{n} < #{k.superclass.name.split('::').last}: #{attrs.join('; ')} | new(#{ctor.join(', ')})"
end
