//! Builds Ruby Puppet's own model objects (`Puppet::Pops::Model::*`, a `Program` with one shared
//! `Locator`) from a native [`Model`], driven entirely by the model's reflection.
//!
//! There is no per-class code here, by design: the description of the 83 classes lives once in
//! `puppet-syntax/model/ast.toml`, and its generated reflection says, for every class, its Ruby
//! name ([`ModelClass::name`]), its attributes in declaration order
//! ([`ModelClass::node_attributes`], values through [`Model::attrs`]) and, for `Program`, the
//! positional order of `Class.new` (`ModelClass::new_order`). A class or attribute added to the
//! description is built without touching this file.
//!
//! Each node is allocated (by its class's allocator, as `rb_obj_alloc` does) and given exactly
//! what the `initialize` that Ruby generates from `ast.pp` gives it, without running Ruby code: the instance variables `@hash`,
//! `@locator`, `@offset`, `@length`, then one per attribute, named like it, in declaration order
//! (inherited first; [`Model::attrs`]), all set in one step where the Ruby allows
//! (`ivars.rs`); and `@hash` = `PopsObject`'s seed XOR the Ruby `#hash`
//! of every attribute value (reference §3.4: `==`, `eql?` and `hash` follow). That is 2-3 times
//! cheaper than `Class.new` through the chain of `initialize`/`super` calls. `Program` (one per
//! parse) is made by `Program.new` (`ModelClass::new_order`). The corpus spec checks every
//! object's class, instance variables (in order) and `@hash` against Puppet's parser.
//!
//! Nodes are built bottom-up without recursion, in the model's allocation order, which has
//! every child before its parent (checked; the walk's pre-order, reversed, otherwise), so a
//! 100,000-deep tree needs no stack. Every object built so far is
//! held by one Ruby Array (GC-visible), strings are frozen or not as Ruby's
//! parser makes them (`ruby_strings.rs`), `@hash` values are computed here
//! where Ruby would call methods ([`Hashes`]), and classes and instance variable ids are looked
//! up once per process.
//!
//! Each shortcut through Ruby's internals (the variables' slots, the frozen flag, the
//! recomputed hashes, the allocator) gives way to Ruby's public API when `public_api.rs` says
//! so; both ways build the same objects.

use std::ffi::c_long;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

use magnus::rb_sys::{AsRawValue, FromRawValue};
use magnus::{prelude::*, Error, RModule, Ruby, Value};
use puppet_syntax::model::{AttrType, AttrValue, IntRef, Model, ModelClass, NodeId};
use rb_sys::{ruby_special_consts, VALUE};

use crate::errors::protect;
use crate::ivars::{self, IvarSlots, MAX_IVARS};
use crate::public_api::{self, Path};
use crate::ruby_strings::{Provenance, Style};

/// `PopsObject#initialize`'s `@hash`, which every attribute's `#hash` is XORed into.
const POPS_OBJECT_HASH_SEED: i64 = 2_270_595_461_303_489_901;

/// The Ruby classes of the model, indexed like [`ModelClass::ALL`], and `Locator`.
struct RubyClasses {
    /// `Puppet::Pops::Model::<name>` for every class that Ruby defines (abstract ones too).
    by_class: Vec<VALUE>,
    /// The instance variable ids of each class's objects, in the order Ruby's `initialize`
    /// assigns them: `@hash`, `@locator`, `@offset`, `@length`, then one per attribute
    /// (`@left_expr`, …) in declaration order; indexed like `by_class`.
    ivars: Vec<Vec<rb_sys::ID>>,
    /// Where those variables live in each class's objects, when probed (`ivars.rs`).
    slots: Vec<Option<IvarSlots>>,
    /// `Puppet::Pops::Parser::Locator` (its `locator(string, file, line_index)` factory).
    locator: VALUE,
    /// The method id of `Locator.locator`.
    locator_id: rb_sys::ID,
    /// Whether Puppet's lexer gives a heredoc without a syntax a frozen `''` (Puppet 8 and
    /// later: `heredoc_support.rb` has `frozen_string_literal: true`; 7.x does not).
    frozen_empty_heredoc_syntax: bool,
}

/// Looked up on the first build (Puppet must be loaded by then), kept for the process: the
/// classes are constants of Puppet, and they are also registered as GC roots.
static CLASSES: OnceLock<RubyClasses> = OnceLock::new();

fn classes(ruby: &Ruby) -> Result<&'static RubyClasses, Error> {
    if let Some(classes) = CLASSES.get() {
        return Ok(classes);
    }
    let pops: RModule = ruby
        .class_object()
        .const_get::<_, RModule>("Puppet")?
        .const_get("Pops")?;
    let model: RModule = pops.const_get("Model")?;
    let mut by_class = Vec::with_capacity(ModelClass::ALL.len());
    for class in ModelClass::ALL {
        let value: Value = model.const_get(class.name())?;
        by_class.push(value.as_raw());
    }
    let positioned = ["@hash", "@locator", "@offset", "@length"].map(intern);
    let ivars: Vec<Vec<rb_sys::ID>> = ModelClass::ALL
        .iter()
        .map(|class| {
            let attributes = class
                .node_attributes()
                .iter()
                .map(|attr| intern(&format!("@{}", attr.name)));
            positioned.iter().copied().chain(attributes).collect()
        })
        .collect();
    if let Some(class) = ModelClass::ALL
        .iter()
        .find(|class| class.node_attributes().len() > MAX_ATTRIBUTES)
    {
        return Err(Error::new(
            ruby.exception_runtime_error(),
            format!("{} has more than {MAX_ATTRIBUTES} attributes", class.name()),
        ));
    }
    let parser: RModule = pops.const_get("Parser")?;
    let locator: Value = parser.const_get("Locator")?;
    let version: String = ruby
        .class_object()
        .const_get::<_, RModule>("Puppet")?
        .const_get("PUPPETVERSION")?;
    let major = version
        .split('.')
        .next()
        .and_then(|m| m.parse::<u32>().ok());
    // The classes the builder makes objects of. The probes run inside `protect`: a Ruby
    // exception (only NoMemoryError is realistic) must not unwind through Rust frames; the
    // vector is made outside it.
    // With the public API for instance variables (`public_api.rs`), no class is probed.
    let mut slots: Vec<Option<IvarSlots>> = vec![None; ModelClass::ALL.len()];
    let probe = !public_api::uses(Path::Ivars);
    protect(ruby, || {
        for (i, class) in ModelClass::ALL.iter().enumerate() {
            if probe && is_node_class(*class) {
                // SAFETY: the GVL is held; the class is a model class, whose objects are plain.
                slots[i] = unsafe { IvarSlots::probe(by_class[i], &ivars[i]) };
            }
        }
        nil()
    })?;
    log::debug!(
        "instance variable slots known for {} model classes",
        slots.iter().filter(|s| s.is_some()).count()
    );
    let found = RubyClasses {
        by_class,
        ivars,
        slots,
        locator: locator.as_raw(),
        locator_id: intern("locator"),
        frozen_empty_heredoc_syntax: major.is_some_and(|m| m >= 8),
    };
    for &value in found.by_class.iter().chain([&found.locator]) {
        // SAFETY: a plain Ruby call with the GVL held; the value is a class constant.
        unsafe { rb_sys::rb_gc_register_mark_object(value) };
    }
    // A concurrent first call may have won the race; both found the same constants.
    Ok(CLASSES.get_or_init(|| found))
}

fn intern(name: &str) -> rb_sys::ID {
    // SAFETY: plain Ruby call with the GVL held, on a valid UTF-8 buffer of the given length.
    unsafe { rb_sys::rb_intern2(name.as_ptr().cast(), name.len() as c_long) }
}

/// `Native.ivar_slots`: `[known, concrete]`, how many of the concrete node classes have their
/// instance variables set in one step (`ivars.rs`): all of them on Ruby 3.1, none elsewhere
/// nor with the public API for instance variables (`public_api.rs`).
/// For the specs, so that losing the fast path cannot go unnoticed. Puppet must be loaded.
pub fn ivar_slots(ruby: &Ruby) -> Result<(usize, usize), Error> {
    crate::errors::guard(ruby, || {
        let classes = classes(ruby)?;
        let concrete = ModelClass::ALL
            .iter()
            .filter(|class| is_node_class(**class))
            .count();
        Ok((classes.slots.iter().flatten().count(), concrete))
    })
}

/// Whether the builder makes objects of `class` itself: a concrete class other than `Program`
/// (which is made by `Program.new`).
fn is_node_class(class: ModelClass) -> bool {
    !class.is_abstract() && class != ModelClass::Program
}

/// Builds the `Puppet::Pops::Model::Program` for `model`; `file` (when given) replaces the
/// model's file name in the `Locator` (a model read from an XPP file under another name).
pub fn build_program(ruby: &Ruby, model: &Model, file: Option<&str>) -> Result<Value, Error> {
    let classes = classes(ruby)?;
    let index_of: Vec<usize> = class_positions();
    // Owned Rust data lives outside `protect`: a Ruby exception inside it (only NoMemoryError
    // is realistic) unwinds by longjmp, which must not skip destructors.
    let mut node_hashes = vec![0; model.node_count()];
    let provenance = Provenance::of(model, classes.frozen_empty_heredoc_syntax);
    let mut build = Build {
        model,
        file: file.or(model.file()),
        classes,
        index_of: &index_of,
        order: Order::Allocation,
        provenance: &provenance,
        public: Public {
            freeze: public_api::uses(Path::Freeze),
            hash: public_api::uses(Path::Hash),
            alloc: public_api::uses(Path::Alloc),
        },
    };
    // SAFETY (both calls): every call inside is a raw Ruby C API call made with the GVL held,
    // on values kept reachable (see `Build::run`).
    let mut raw = protect(ruby, || unsafe { build.run(&mut node_hashes) })?;
    if raw == UNDEF {
        // A node made before one of its children (no model the parser or the XPP reader makes
        // today): the walk's order instead. What was built so far is garbage.
        log::debug!("model nodes out of order: building in the walk's order");
        let walk: Vec<NodeId> = model.walk().collect();
        build.order = Order::Walk(&walk);
        raw = protect(ruby, || unsafe { build.run(&mut node_hashes) })?;
    }
    // SAFETY: `raw` is the Program just returned by Ruby, still on this stack.
    Ok(unsafe { Value::from_raw(raw) })
}

/// Which node ids a build visits, each after all of its children.
enum Order<'a> {
    /// The model's allocation order ([`Model::all_nodes`]): the parser and the XPP reader make
    /// every node after its children. Checked as the build goes (`Build::run` gives up with
    /// `UNDEF` at the first child that comes later); unreachable nodes, which the parser rarely
    /// leaves (129 of the corpus's 272,667), are built too and never referred to.
    Allocation,
    /// The walk's pre-order (reachable nodes only), visited in reverse.
    Walk(&'a [NodeId]),
}

/// What `Build::run` returns when the allocation order does not hold.
const UNDEF: VALUE = ruby_special_consts::RUBY_Qundef as VALUE;

/// `class_positions()[class as usize]` is the index of `class` in [`ModelClass::ALL`].
fn class_positions() -> Vec<usize> {
    let mut positions = vec![0; ModelClass::ALL.len()];
    for (i, class) in ModelClass::ALL.iter().enumerate() {
        let slot = *class as usize;
        if slot >= positions.len() {
            positions.resize(slot + 1, 0);
        }
        positions[slot] = i;
    }
    positions
}

/// One build: borrowed inputs only (see `build_program`).
struct Build<'a> {
    model: &'a Model,
    /// The Locator's file name.
    file: Option<&'a str>,
    classes: &'a RubyClasses,
    index_of: &'a [usize],
    order: Order<'a>,
    /// Which strings Ruby's parser would have left unfrozen.
    provenance: &'a Provenance,
    /// Which of the build's shortcuts give way to Ruby's public API.
    public: Public,
}

/// The paths of one build that use Ruby's public API (`public_api.rs`; the instance variables'
/// are decided when the classes are probed).
#[derive(Clone, Copy)]
struct Public {
    /// `rb_obj_freeze` instead of setting the frozen flag.
    freeze: bool,
    /// `#hash` called on every attribute value instead of recomputed.
    hash: bool,
    /// `rb_obj_alloc` instead of the class's allocator function.
    alloc: bool,
}

/// Positional arguments of `Program.new` (locator, body, definitions), with room to spare.
const MAX_ARGS: usize = 8;

/// The most attributes a node class has (4 today); `classes` refuses a description with more.
const MAX_ATTRIBUTES: usize = 8;

/// `@hash`, `@locator`, `@offset`, `@length`: the variables every node object has first.
const POSITIONED_IVARS: usize = 4;

const _: () = assert!(POSITIONED_IVARS + MAX_ATTRIBUTES <= MAX_IVARS);

impl Build<'_> {
    fn class_value(&self, class: ModelClass) -> VALUE {
        self.classes.by_class[self.index_of[class as usize]]
    }

    /// # Safety
    /// Raw Ruby C API calls: the GVL must be held, and this must run inside `rb_protect`.
    unsafe fn run(&self, node_hashes: &mut [i64]) -> VALUE {
        let model = self.model;
        // `built[i]` is the Ruby object of node `i`. This Array (a local on the machine stack,
        // which Ruby's conservative GC scans) keeps every object built so far alive.
        let built = rb_sys::rb_ary_new_capa(model.node_count() as c_long);
        let source = utf8_string(model.source());
        let file = match self.file {
            Some(file) => utf8_string(file),
            None => nil(),
        };
        let starts = model.line_index().line_starts();
        let line_index = rb_sys::rb_ary_new_capa(starts.len() as c_long);
        for &start in starts {
            rb_sys::rb_ary_push(line_index, fixnum(start));
        }
        let locator_args = [source, file, line_index];
        let locator = rb_sys::rb_funcallv(
            self.classes.locator,
            self.classes.locator_id,
            3,
            locator_args.as_ptr(),
        );
        let mut hashes = Hashes::new(node_hashes, self.public.hash);
        let complete = match self.order {
            Order::Allocation => self.build_nodes(
                model.all_nodes().map(|(id, _)| id),
                true,
                &mut hashes,
                built,
                locator,
            ),
            Order::Walk(walk) => self.build_nodes(
                walk.iter().rev().copied(),
                false,
                &mut hashes,
                built,
                locator,
            ),
        };
        if !complete {
            return UNDEF;
        }
        let mut args = [nil(); MAX_ARGS];
        // `Program` is not a node: its attributes come from the model itself, in the order its
        // description gives (`locator, body, definitions`).
        let mut argc = 0;
        for info in ModelClass::Program.new_order() {
            args[argc] = match info.ty {
                AttrType::Locator => locator,
                AttrType::RefNodes(_) => node_array(model.definitions(), built),
                AttrType::OptNode(_) => match model.body() {
                    Some(body) => rb_sys::rb_ary_entry(built, body.index() as c_long),
                    None => nil(),
                },
                _ => nil(),
            };
            argc += 1;
        }
        let program = rb_sys::rb_class_new_instance(
            argc as i32,
            args.as_ptr(),
            self.class_value(ModelClass::Program),
        );
        // Keeps `built` alive (on the stack) until the Program holds everything.
        std::hint::black_box(built);
        program
    }

    /// Builds the nodes `ids` (each after its children; with `check_order`, gives up and
    /// returns false at the first node with a child not built yet), storing each object in
    /// `built` at its node's index.
    ///
    /// # Safety
    /// As for `run`.
    unsafe fn build_nodes(
        &self,
        ids: impl Iterator<Item = NodeId>,
        check_order: bool,
        hashes: &mut Hashes<'_>,
        built: VALUE,
        locator: VALUE,
    ) -> bool {
        let (model, classes) = (self.model, self.classes);
        let mut allocators = [None; ModelClass::ALL.len()];
        for id in ids {
            let node = model.node(id);
            let class = node.kind.class();
            let slot = self.index_of[class as usize];
            // The attribute values first (a local array: Ruby's GC scans the machine stack),
            // so that `@hash` is set once, to its final value; in the order Ruby's initialize
            // assigns them: `@hash`, `@locator`, `@offset`, `@length`, the attributes.
            let mut values = [nil(); MAX_IVARS];
            let mut hash = POPS_OBJECT_HASH_SEED;
            let mut count = POSITIONED_IVARS;
            let mut out_of_order = false;
            node.kind.for_each_attr(model, &mut |info, attr| {
                if check_order && !made_before(&attr, id) {
                    out_of_order = true;
                    return;
                }
                let value = self.value(id, class, info.name, attr, built, locator);
                values[count] = value;
                hash ^= hashes.of(value, &attr);
                count += 1;
            });
            if out_of_order {
                return false;
            }
            hashes.node[id.index()] = hash;
            values[0] = long_to_fixnum(hash);
            values[1] = locator;
            values[2] = fixnum(node.offset);
            values[3] = fixnum(node.length);
            let object = if self.public.alloc {
                rb_sys::rb_obj_alloc(classes.by_class[slot])
            } else {
                allocate(&mut allocators[slot], classes.by_class[slot])
            };
            let ids = &classes.ivars[slot];
            match &classes.slots[slot] {
                Some(slots) => slots.set_all(object, ids, &values[..count]),
                None => ivars::set_each(object, ids, &values[..count]),
            }
            rb_sys::rb_ary_store(built, id.index() as c_long, object);
        }
        true
    }

    /// The Ruby value of attribute `name` of node `id` (of `class`); nodes it refers to are
    /// already in `built`.
    unsafe fn value(
        &self,
        id: NodeId,
        class: ModelClass,
        name: &str,
        value: AttrValue<'_>,
        built: VALUE,
        locator: VALUE,
    ) -> VALUE {
        match value {
            AttrValue::Node(id) | AttrValue::OptNode(Some(id)) => {
                rb_sys::rb_ary_entry(built, id.index() as c_long)
            }
            AttrValue::Nodes(ids) => node_array(ids, built),
            AttrValue::Str(s) | AttrValue::OptStr(Some(s)) | AttrValue::Enum(s) => ruby_string(
                s,
                self.provenance.style(self.model, id, class, name, s),
                self.public.freeze,
            ),
            AttrValue::Bool(b) | AttrValue::OptBool(Some(b)) => boolean(b),
            AttrValue::OptNode(None) | AttrValue::OptStr(None) | AttrValue::OptBool(None) => nil(),
            AttrValue::Int(IntRef::Small(v)) => rb_sys::rb_ll2inum(v),
            AttrValue::Int(IntRef::Big(digits)) => {
                rb_sys::rb_str_to_inum(utf8_string(digits), 10, 0)
            }
            AttrValue::Float(f) => rb_sys::rb_float_new(f),
            // What Ruby's lexer does: `Regexp.new(source)`.
            AttrValue::Regexp(source) => rb_sys::rb_reg_new_str(utf8_string(source), 0),
            AttrValue::Locator => locator,
        }
    }
}

/// A new object of `class`, made by its allocator (`rb_get_alloc_func`, looked up once per
/// class and build into `cached`) as `rb_obj_alloc` makes it, without its per-call checks and
/// its walk up the class's ancestors to find the allocator (a model class is 5 to 8 classes
/// below `Object`). A class without an allocator goes through `rb_obj_alloc`, which raises.
///
/// # Safety
/// Raw Ruby C API calls with the GVL held; `class` is a model class (a plain class).
unsafe fn allocate(cached: &mut Option<rb_sys::rb_alloc_func_t>, class: VALUE) -> VALUE {
    let allocator = *cached.get_or_insert_with(|| rb_sys::rb_get_alloc_func(class));
    match allocator {
        Some(allocate) => allocate(class),
        None => rb_sys::rb_obj_alloc(class),
    }
}

/// Whether every node `attr` refers to was made before node `id` (in allocation order).
fn made_before(attr: &AttrValue<'_>, id: NodeId) -> bool {
    match attr {
        AttrValue::Node(child) | AttrValue::OptNode(Some(child)) => child.index() < id.index(),
        AttrValue::Nodes(children) => children.iter().all(|child| child.index() < id.index()),
        _ => true,
    }
}

/// Ruby's `value.hash` for the attribute values of one build (what `initialize` XORs into
/// `@hash`), without asking Ruby where the answer is known: a node's is the `@hash` this build
/// gave it, kept here by node index (Ruby would call its `hash` reader); a list of nodes' is
/// computed as `Array#hash` does from those ([`array_hash_salt`]); `nil`'s, `true`'s and
/// `false`'s are asked once per build; a String's is computed as `String#hash` does; anything
/// else is a call of `#hash`. (`rb_hash` of an object whose `hash` is not Kernel's goes
/// through Ruby's recursion guard: for the lists, a quarter of the whole build.) With the
/// public API for hashes (`public_api.rs`), every value's `#hash` is called.
struct Hashes<'a> {
    /// By node index (a buffer made outside `protect`, like all owned data of a build).
    node: &'a mut [i64],
    nil: Option<i64>,
    booleans: [Option<i64>; 2],
    array_salt: Option<rb_sys::st_index_t>,
    /// Every value's `#hash` is called.
    public: bool,
}

impl<'a> Hashes<'a> {
    unsafe fn new(node: &'a mut [i64], public: bool) -> Self {
        Hashes {
            node,
            nil: None,
            booleans: [None; 2],
            array_salt: if public { None } else { array_hash_salt() },
            public,
        }
    }

    /// The hash of `value`, the Ruby value of `attr`.
    unsafe fn of(&mut self, value: VALUE, attr: &AttrValue<'_>) -> i64 {
        if self.public {
            return ruby_hash(value);
        }
        match *attr {
            AttrValue::Node(id) | AttrValue::OptNode(Some(id)) => self.node[id.index()],
            AttrValue::Str(_) | AttrValue::OptStr(Some(_)) | AttrValue::Enum(_) => {
                st2fix(rb_sys::rb_str_hash(value))
            }
            AttrValue::OptNode(None) | AttrValue::OptStr(None) | AttrValue::OptBool(None) => {
                *self.nil.get_or_insert_with(|| ruby_hash(value))
            }
            AttrValue::Bool(b) | AttrValue::OptBool(Some(b)) => {
                *self.booleans[usize::from(b)].get_or_insert_with(|| ruby_hash(value))
            }
            AttrValue::Nodes(ids) => match self.array_salt {
                Some(salt) => {
                    array_hash(salt, ids.len(), ids.iter().map(|id| self.node[id.index()]))
                }
                None => ruby_hash(value),
            },
            _ => ruby_hash(value),
        }
    }
}

/// `Array#hash` (Ruby 3.1's `rb_ary_hash`) of `len` elements whose `#hash` values are
/// `elements`: the length, `salt`, each element's hash as `rb_hash` gives it, mixed by Ruby's
/// own `st` functions.
unsafe fn array_hash(
    salt: rb_sys::st_index_t,
    len: usize,
    elements: impl Iterator<Item = i64>,
) -> i64 {
    let mut h = rb_sys::rb_hash_start(len as rb_sys::st_index_t);
    h = rb_sys::rb_st_hash_uint(h, salt);
    for element in elements {
        h = rb_sys::rb_st_hash_uint(h, rb_hash_value(element) as rb_sys::st_index_t);
    }
    st2fix(rb_sys::rb_st_hash_end(h))
}

/// What `rb_hash` makes of a `#hash` value that is a Fixnum (`any_hash`): positive values
/// keep their low 62 bits, the others get the Fixnum sign bits, so 0 becomes the smallest
/// Fixnum (an object whose `hash` is 0, such as a `KeyedEntry` whose key and value hash alike,
/// counts in its Array's hash as that).
fn rb_hash_value(hash: i64) -> i64 {
    const FIXNUM_MAX: i64 = (1 << 62) - 1;
    if hash > 0 {
        hash & FIXNUM_MAX
    } else {
        hash | !FIXNUM_MAX
    }
}

/// How far from `rb_ary_new` (both are in Ruby's `array.c`) the search below looks.
const SALT_SEARCH_RANGE: usize = 8 << 20;

/// The salt of Ruby's `Array#hash`: `rb_ary_hash` mixes the address of its own C function
/// (static, so no symbol names it) into every array's hash. Found once per process by trying
/// the 16-byte-aligned addresses around `rb_ary_new`, defined in the same file, against Ruby's
/// own `[].hash`, and used only if it then also gives Ruby's `[1].hash` and `[1, 2, 0].hash`
/// (two mixes more: a wrong salt cannot pass by chance). `None` otherwise: a Ruby whose
/// `Array#hash` is made differently has every list's hash asked of Ruby, as before.
unsafe fn array_hash_salt() -> Option<rb_sys::st_index_t> {
    // Not a `OnceLock`: a Ruby exception in the search (only NoMemoryError is realistic)
    // would leave it locked for good. No two searches run at once (the GVL is held), and a
    // function's address is neither of the two markers.
    const UNKNOWN: usize = 0;
    const NONE: usize = 1;
    static SALT: AtomicUsize = AtomicUsize::new(UNKNOWN);
    match SALT.load(Ordering::Relaxed) {
        UNKNOWN => {}
        NONE => return None,
        salt => return Some(salt as rb_sys::st_index_t),
    }
    let found = search_array_hash_salt();
    SALT.store(found.map_or(NONE, |salt| salt as usize), Ordering::Relaxed);
    found
}

/// The search of [`array_hash_salt`] (no heap allocation in Rust: it runs inside `protect`).
unsafe fn search_array_hash_salt() -> Option<rb_sys::st_index_t> {
    let ruby_array_hash = |elements: &[VALUE]| {
        let array = rb_sys::rb_ary_new_from_values(elements.len() as c_long, elements.as_ptr());
        ruby_hash(array)
    };
    let (zero, one, two) = (long_to_fixnum(0), long_to_fixnum(1), long_to_fixnum(2));
    let hash_method = intern("hash");
    let empty = ruby_array_hash(&[]);
    let (short, long) = ([one], [one, two, zero]);
    let checks: [(&[VALUE], i64); 2] = [
        (&short, ruby_array_hash(&short)),
        (&long, ruby_array_hash(&long)),
    ];
    let start = rb_sys::rb_hash_start(0);
    let near = rb_sys::rb_ary_new as *const () as usize & !15;
    let candidates = (0..SALT_SEARCH_RANGE / 16)
        .flat_map(|i| [near.wrapping_add(i * 16), near.wrapping_sub((i + 1) * 16)]);
    for candidate in candidates {
        let candidate = candidate as rb_sys::st_index_t;
        if st2fix(rb_sys::rb_st_hash_end(rb_sys::rb_st_hash_uint(
            start, candidate,
        ))) != empty
        {
            continue;
        }
        let agrees = checks.iter().all(|&(elements, expected)| {
            // `Integer#hash` values, as `Integer#hash` gives them (`array_hash` makes of
            // them what `rb_hash` does).
            let hashes = elements
                .iter()
                .map(|&e| fixnum_to_long(rb_sys::rb_funcallv(e, hash_method, 0, std::ptr::null())));
            array_hash(candidate, elements.len(), hashes) == expected
        });
        if agrees {
            return Some(candidate);
        }
    }
    log::debug!("Array#hash salt not found: list hashes are asked of Ruby");
    None
}

/// `value.hash`, called, as Puppet's `initialize` calls it. (Not `rb_hash`, which is what a
/// Hash key's hash is made of: it turns a `#hash` of 0 into the smallest Fixnum, so a node
/// whose `@hash` is 0, such as an `OrExpression` whose operands hash alike, would count as
/// another value.)
unsafe fn ruby_hash(value: VALUE) -> i64 {
    static HASH: OnceLock<rb_sys::ID> = OnceLock::new();
    let hash = *HASH.get_or_init(|| intern("hash"));
    fixnum_to_long(rb_sys::rb_funcallv(value, hash, 0, std::ptr::null()))
}

unsafe fn node_array(ids: &[NodeId], built: VALUE) -> VALUE {
    // Short lists (nearly all) are gathered on the stack, seen by Ruby's GC, and made in one
    // call.
    const SHORT: usize = 16;
    if ids.len() <= SHORT {
        let mut elements = [nil(); SHORT];
        for (element, id) in elements.iter_mut().zip(ids) {
            *element = rb_sys::rb_ary_entry(built, id.index() as c_long);
        }
        return rb_sys::rb_ary_new_from_values(ids.len() as c_long, elements.as_ptr());
    }
    let array = rb_sys::rb_ary_new_capa(ids.len() as c_long);
    for id in ids {
        rb_sys::rb_ary_push(array, rb_sys::rb_ary_entry(built, id.index() as c_long));
    }
    array
}

/// A pointer for Ruby's C API: Ruby may read through the pointer of an empty string, so an
/// empty slice (whose pointer may be dangling) is given a static one.
fn c_ptr(s: &str) -> *const std::ffi::c_char {
    if s.is_empty() {
        c"".as_ptr()
    } else {
        s.as_ptr().cast()
    }
}

/// A new frozen UTF-8 String. Not deduplicated through Ruby's fstring table
/// (`rb_enc_interned_str`): its lookup cost more than the String (most model strings are
/// short, so embedded in their object), 10% of the corpus's build; Puppet's own lexer makes
/// a new String for each too.
/// `public`: through `rb_obj_freeze` on every Ruby (`public_api.rs`).
unsafe fn frozen_string(s: &str, public: bool) -> VALUE {
    let string = utf8_string(s);
    if public {
        return rb_sys::rb_obj_freeze(string);
    }
    // On Ruby 3.1, what `rb_obj_freeze` does to a new String, whose class (String) is no
    // singleton class: it sets the frozen flag (`RB_OBJ_FREEZE_RAW`), without the call and the
    // singleton check. (From 3.2 freezing also changes the object's shape: Ruby's call then.)
    #[cfg(ruby_3_1_objects)]
    {
        let basic = string as *mut rb_sys::RBasic;
        (*basic).flags |= rb_sys::ruby_fl_type::RUBY_FL_FREEZE as VALUE;
        string
    }
    #[cfg(not(ruby_3_1_objects))]
    rb_sys::rb_obj_freeze(string)
}

/// A new String as Ruby's parser makes it (`ruby_strings.rs`).
/// `public_freeze`: frozen ones are frozen through `rb_obj_freeze` (`public_api.rs`).
unsafe fn ruby_string(s: &str, style: Style, public_freeze: bool) -> VALUE {
    match style {
        Style::Frozen => frozen_string(s, public_freeze),
        Style::Unfrozen => utf8_string(s),
        Style::UnfrozenAscii if s.is_ascii() => {
            rb_sys::rb_usascii_str_new(c_ptr(s), s.len() as c_long)
        }
        Style::UnfrozenAscii => utf8_string(s),
    }
}

/// A new (unfrozen) UTF-8 String.
unsafe fn utf8_string(s: &str) -> VALUE {
    rb_sys::rb_utf8_str_new(c_ptr(s), s.len() as c_long)
}

fn fixnum(v: u32) -> VALUE {
    ((v as VALUE) << 1) | ruby_special_consts::RUBY_FIXNUM_FLAG as VALUE
}

/// `String#hash` is `ST2FIX(rb_str_hash(str))`; Ruby 3.1's `RB_ST2FIX` keeps the sign and
/// the low 62 bits (`x & FIXNUM_MAX` when positive, `x | FIXNUM_MIN` when negative).
fn st2fix(hash: rb_sys::st_index_t) -> i64 {
    const FIXNUM_MAX: i64 = (1 << 62) - 1;
    let x = hash as i64;
    if x >= 0 {
        x & FIXNUM_MAX
    } else {
        x | !FIXNUM_MAX
    }
}

/// A Ruby Integer from an `i64` hash value (`#hash` values are Fixnums: 63-bit).
unsafe fn long_to_fixnum(v: i64) -> VALUE {
    rb_sys::rb_ll2inum(v)
}

/// The `i64` of a `#hash` value (a Fixnum; anything else raises Ruby's RangeError/TypeError,
/// inside `rb_protect`).
unsafe fn fixnum_to_long(v: VALUE) -> i64 {
    if v & ruby_special_consts::RUBY_FIXNUM_FLAG as VALUE != 0 {
        (v as i64) >> 1
    } else {
        rb_sys::rb_num2ll(v)
    }
}

fn nil() -> VALUE {
    ruby_special_consts::RUBY_Qnil as VALUE
}

fn boolean(b: bool) -> VALUE {
    if b {
        ruby_special_consts::RUBY_Qtrue as VALUE
    } else {
        ruby_special_consts::RUBY_Qfalse as VALUE
    }
}
