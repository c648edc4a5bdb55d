//! Names of the run's top level, seen per file ([`FileNames`]): the class
//! names the checker's type conversion (`super::types`) and its
//! environment (`super::env`) both resolve.

use crate::core::ClassId;
use crate::name::Name;
use crate::syntax::ast;
use crate::syntax::span::FileId;
use rustc_hash::FxHashMap as HashMap;

/// Names of the run's top level: classes and global members. VerCors takes the files of a
/// run together and lets each declare a name another file declares too (test programs carry
/// their own copy of a helper class or procedure): the declarations are distinct, and a name
/// written in a file means that file's declaration if it has one, else the first of the name
/// in the run that the file sees. Within a file a name is declared once.
///
/// What a Java file sees (`scopes`, Java's rule): a class of its own package, of the default
/// package, of the specification library (loaded only when imported or in `java.lang`), and a
/// class of another package only through `import p.C;` or `import p.*;`.
pub(super) struct FileNames<Id> {
    first: HashMap<Name, Id>,
    /// Every declaration of each name, in the run's order, with its file.
    all: HashMap<Name, Vec<(FileId, Id)>>,
    /// The names each file declares.
    declared: rustc_hash::FxHashSet<(FileId, Name)>,
    /// Java files' packages and imports (a file absent here, PVL, sees every class).
    scopes: HashMap<FileId, Scope>,
}

/// A Java file's package and imports, for [`FileNames`]' visibility.
#[derive(Clone, Debug)]
pub(super) struct Scope {
    pub package: Vec<Name>,
    pub imports: Vec<ast::Import>,
    pub library: bool,
}

/// The classes' names.
pub(super) type ClassNames = FileNames<ClassId>;

impl<Id> Default for FileNames<Id> {
    fn default() -> Self {
        FileNames {
            first: HashMap::default(),
            all: HashMap::default(),
            declared: Default::default(),
            scopes: HashMap::default(),
        }
    }
}

impl<Id: Copy> FileNames<Id> {
    /// The first declaration of this name in the run (for names weft itself refers to).
    pub fn get(&self, name: &str) -> Option<&Id> {
        self.first.get(name)
    }

    /// The declaration a name written in the source means: its file's own, else the
    /// first the file sees.
    pub fn resolve(&self, id: &ast::Ident) -> Option<Id> {
        let file = id.span.file;
        let all = self.all.get(&id.name)?;
        all.iter()
            .find(|(home, _)| *home == file)
            .or_else(|| {
                all.iter()
                    .find(|(home, _)| self.sees(file, *home, &id.name))
            })
            .map(|(_, x)| *x)
    }

    /// The declarations of `name` in a file of package `package` (or the library).
    pub fn in_package(&self, package: &[Name], name: &str) -> Option<Id> {
        self.all.get(name)?.iter().find_map(|(home, x)| {
            let s = self.scopes.get(home)?;
            (s.package == package).then_some(*x)
        })
    }

    /// Records a Java file's package and imports.
    pub(super) fn scope(&mut self, file: FileId, scope: Scope) {
        self.scopes.insert(file, scope);
    }

    /// Whether a name written in `file` may mean the class `name` declared in `home`.
    fn sees(&self, file: FileId, home: FileId, name: &str) -> bool {
        let (Some(h), Some(f)) = (self.scopes.get(&home), self.scopes.get(&file)) else {
            return true;
        };
        // The library's classes and the classes weft's passes make (`Thread$R`) are
        // seen wherever they are named.
        if h.library || h.package.is_empty() || f.package == h.package || name.contains('$') {
            return true;
        }
        f.imports.iter().any(|i| {
            !i.is_static
                && i.path.len() == h.package.len() + usize::from(!i.all)
                && i.path[..h.package.len()] == h.package[..]
                && (i.all || i.path.last().is_some_and(|n| n.as_str() == name))
        })
    }

    /// Declares `id` named `name`; false if its file has a declaration of that name already.
    pub(super) fn declare(&mut self, name: &ast::Ident, id: Id) -> bool {
        let file = name.span.file;
        if !self.declared.insert((file, name.name)) {
            return false;
        }
        self.first.entry(name.name).or_insert(id);
        self.all.entry(name.name).or_default().push((file, id));
        true
    }
}
