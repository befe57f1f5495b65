//! `recorder-otf2 __install-files {man|bash|zsh|fish} DIR`: the man pages and shell
//! completions of recorder-otf2 (one page per subcommand too), recorder2otf2 and
//! recorder2text, generated from their clap definitions, for scripts/install.sh. Parsed
//! before the command line proper, so that it shows in no help, page or completion.

use clap::{CommandFactory, Parser};
use clap_complete::Shell;
use io_text::ToTextArgs;
use otf2_writer::cli::ToOtf2Args;
use std::path::{Path, PathBuf};

const SUBCOMMAND: &str = "__install-files";

#[derive(Parser)]
#[command(name = "recorder-otf2 __install-files")]
pub struct InstallFilesArgs {
    /// What to write: the man pages (section 1), or one shell's completion scripts.
    #[arg(value_enum)]
    kind: Kind,
    /// The folder to write them into (created if missing).
    dir: PathBuf,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum Kind {
    Man,
    Bash,
    Zsh,
    Fish,
}

/// The arguments when the command line asks for the install files.
pub fn requested() -> Option<InstallFilesArgs> {
    let mut args = std::env::args_os().skip(1);
    (args.next()? == SUBCOMMAND).then(|| InstallFilesArgs::parse_from(std::env::args_os().skip(1)))
}

pub fn run(a: InstallFilesArgs) -> Result<(), String> {
    std::fs::create_dir_all(&a.dir).map_err(|e| format!("{}: {e}", a.dir.display()))?;
    let commands = [
        crate::Cli::command(),
        ToOtf2Args::command(),
        ToTextArgs::command(),
    ];
    for cmd in commands {
        let written = match a.kind {
            Kind::Man => clap_mangen::generate_to(cmd, &a.dir),
            Kind::Bash => completion(Shell::Bash, cmd, &a.dir),
            Kind::Zsh => completion(Shell::Zsh, cmd, &a.dir),
            Kind::Fish => completion(Shell::Fish, cmd, &a.dir),
        };
        written.map_err(|e| format!("{}: {e}", a.dir.display()))?;
    }
    Ok(())
}

/// One command's completion script, named as each shell looks for it: bash-completion
/// loads `completions/NAME` on first use of NAME, zsh autoloads `_NAME` from $fpath, fish
/// reads `NAME.fish`.
fn completion(shell: Shell, mut cmd: clap::Command, dir: &Path) -> std::io::Result<()> {
    let name = cmd.get_name().to_string();
    let file = match shell {
        Shell::Bash => name.clone(),
        Shell::Zsh => format!("_{name}"),
        _ => format!("{name}.fish"),
    };
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut cmd, &name, &mut script);
    if shell == Shell::Bash {
        script = bash_hyphen_fix(&script, &name);
    }
    std::fs::write(dir.join(file), script)
}

/// clap_complete's bash script for a name with a hyphen (recorder-otf2) spells the state of
/// a subcommand two ways: `recorder__otf2__subcmd__record` where it walks the words, and
/// `recorder__subcmd__otf2__subcmd__record` in the case arms, so no subcommand's options
/// ever complete (clap-rs/clap#6421, open in clap_complete 4.6.11). The arms are respelled
/// as the walk spells them; without the bug this changes nothing.
fn bash_hyphen_fix(script: &[u8], name: &str) -> Vec<u8> {
    let text = String::from_utf8_lossy(script);
    let arm = format!("{}__subcmd__", name.replace('-', "__subcmd__"));
    let walk = format!("{}__subcmd__", name.replace('-', "__"));
    text.replace(&arm, &walk).into_bytes()
}
