//! Times the resolution of N addresses spread evenly over an object's `.text`:
//! `cargo run --release -p call-sites --example resolve_sample -- FILE [N]`.

use std::time::Instant;

use call_sites::{ObjectRef, Resolver};
use object::{Object, ObjectSection};

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: resolve_sample FILE [N (1..=1000000, default 1000)]");
        std::process::exit(2);
    };
    let count: u64 = match args.next().map(|n| n.parse()) {
        None => 1000,
        Some(Ok(n)) if (1..=1_000_000).contains(&n) => n,
        Some(_) => {
            eprintln!("resolve_sample: N must be a whole number from 1 to 1000000");
            std::process::exit(2);
        }
    };
    let Some((id, start, size)) = text_section(&path) else {
        eprintln!("{path}: not an object file with a .text section");
        std::process::exit(1);
    };
    let mut resolver = Resolver::new();
    let object = ObjectRef {
        path: &path,
        build_id: &id,
    };
    let begin = Instant::now();
    for i in 0..count {
        resolver.resolve(object, start + 1 + size * i / count);
    }
    println!(
        "{count} addresses in {:?}: {:?}",
        begin.elapsed(),
        resolver.stats()
    );
}

/// The file's build-id and the address and size of its `.text`.
fn text_section(path: &str) -> Option<(Vec<u8>, u64, u64)> {
    let data = std::fs::read(path).ok()?;
    let file = object::File::parse(&*data).ok()?;
    let text = file.section_by_name(".text")?;
    let id = file.build_id().ok().flatten().unwrap_or_default().to_vec();
    Some((id, text.address(), text.size()))
}
