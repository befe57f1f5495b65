//! The job's description (io_model::job) as the summary shows it: a JSON object and a few
//! lines of text, the facts PyDarshan's summary opens with.

use io_model::job::{utc, JobDescription};
use serde_json::{json, Value};

/// The `job` object of `summary --json` (schema in docs/analysis.md).
pub fn to_json(j: &JobDescription) -> Value {
    json!({
        "users": j.users,
        "command": j.command,
        "command_line": j.command_line(),
        "commands": j.commands,
        "start": j.start_unix_ns.map(utc),
        "end": j.end_unix_ns.map(utc),
        "start_unix_ns": j.start_unix_ns,
        "end_unix_ns": j.end_unix_ns,
        "wall_s": j.wall_ns().map(|ns| ns as f64 / 1e9),
        "hosts": j.hosts,
        "processes": j.processes,
        "mpi_ranks": j.mpi_ranks,
        "mpi_libraries": j.mpi_libraries,
        "outcomes": j.outcomes,
        "outcome": j.outcome_line(),
    })
}

/// The summary's job lines: command, user, wall-clock times, where, MPI, how it ended.
pub fn to_text(j: &JobDescription) -> String {
    let mut lines = vec![format!("Command: {}", j.command_line())];
    if j.commands > 1 {
        lines[0].push_str(&format!(" (and {} other command lines)", j.commands - 1));
    }
    let who = match j.users.as_slice() {
        [] => "unknown".to_string(),
        u => u.join(", "),
    };
    let when = match (j.start_unix_ns, j.end_unix_ns) {
        (Some(s), Some(e)) => format!(
            "{} to {} ({} wall)",
            utc(s),
            utc(e),
            seconds(j.wall_ns().unwrap_or(0))
        ),
        (Some(s), None) => format!("{} (no end recorded)", utc(s)),
        _ => "unknown".into(),
    };
    lines.push(format!("User: {who}; run: {when}"));
    let (n, what) = if j.mpi_ranks > 0 {
        (j.mpi_ranks, "MPI ranks")
    } else {
        (j.processes, "processes")
    };
    let hosts = shown_hosts(&j.hosts);
    lines.push(format!("Where: {n} {what} on {hosts}"));
    if !j.mpi_libraries.is_empty() {
        lines.push(format!("MPI: {}", j.mpi_libraries.join("; ")));
    }
    lines.push(format!("Ended: {}", j.outcome_line()));
    lines.join("\n") + "\n"
}

/// "1 host (node1)" or "64 hosts (node001, node002, node003 ...)".
fn shown_hosts(hosts: &[String]) -> String {
    let s = if hosts.len() == 1 { "" } else { "s" };
    let mut names = hosts.iter().take(3).cloned().collect::<Vec<_>>().join(", ");
    if hosts.len() > 3 {
        names.push_str(" ...");
    }
    format!("{} host{s} ({names})", hosts.len())
}

fn seconds(ns: u64) -> String {
    let s = ns as f64 / 1e9;
    if s < 120.0 {
        format!("{s:.1} s")
    } else {
        format!("{} s = {}", s.round(), human_duration(s))
    }
}

/// "1 h 02 min 03 s".
fn human_duration(s: f64) -> String {
    let t = s.round() as u64;
    let (h, m, sec) = (t / 3600, t % 3600 / 60, t % 60);
    if h > 0 {
        format!("{h} h {m:02} min {sec:02} s")
    } else {
        format!("{m} min {sec:02} s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use io_model::job::{Outcome, OutcomeCount};

    #[test]
    fn text_names_the_command_user_times_hosts_mpi_and_outcome() {
        let j = JobDescription {
            users: vec!["alice".into()],
            command: vec!["./ior".into(), "-b".into(), "1m".into()],
            commands: 1,
            start_unix_ns: Some(1_798_372_800_000_000_000),
            end_unix_ns: Some(1_798_372_800_000_000_000 + 3_723_000_000_000),
            hosts: vec!["n1".into(), "n2".into()],
            processes: 8,
            mpi_ranks: 8,
            mpi_libraries: vec!["Open MPI v4.1.4".into()],
            outcomes: vec![
                OutcomeCount {
                    outcome: Outcome::Exit { status: Some(0) },
                    processes: 7,
                },
                OutcomeCount {
                    outcome: Outcome::Signal { signal: Some(15) },
                    processes: 1,
                },
            ],
        };
        let t = to_text(&j);
        assert_eq!(
            t,
            "Command: ./ior -b 1m\n\
             User: alice; run: 2026-12-27T12:00:00Z to 2026-12-27T13:02:03Z \
             (3723 s = 1 h 02 min 03 s wall)\n\
             Where: 8 MPI ranks on 2 hosts (n1, n2)\n\
             MPI: Open MPI v4.1.4\n\
             Ended: exit status 0 (7 processes), signal 15 (SIGTERM) (1 process)\n"
        );
        let v = to_json(&j);
        assert_eq!(
            v["outcomes"][1],
            json!({"ending": "signal", "signal": 15, "processes": 1})
        );
        assert_eq!(v["wall_s"], json!(3723.0));
        assert_eq!(v["start"], "2026-12-27T12:00:00Z");
    }
}
