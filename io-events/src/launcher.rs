//! What the launcher that started this process says about it: its rank and the number of
//! ranks, its place among the ranks of its node, and the job's id. One table of every
//! launcher's variables, read by the recorder (the job id in `meta.yaml`, the default trace
//! directory) and by the `recorder-otf2` command (`pack` and `replay` under a launcher,
//! node-local packing by `record --pack`).
//!
//! Launchers nest: `mpirun` inside a Slurm allocation leaves the allocation's variables in
//! its ranks' environment, `mpiexec` of MPICH sets `PMI_RANK` as Slurm's PMI-2 does. The
//! table is ordered so that the launcher that started the process comes first, and every
//! value is taken from that one launcher's row, never mixed with another's.

/// One launcher's variables.
struct Row {
    /// Who sets them.
    name: &'static str,
    /// Set only by this launcher: it started the process when all are set.
    marks: &'static [&'static str],
    rank: &'static str,
    size: &'static [&'static str],
    local_rank: Option<&'static str>,
    local_size: LocalSize,
    job: Job,
}

/// How a launcher tells how many of its ranks run on this node.
enum LocalSize {
    Var(&'static str),
    /// Slurm: a per-node list such as `2(x3),1`, indexed by the node's number.
    SlurmList,
    Unknown,
}

/// How a launcher names the job.
enum Job {
    /// The first of these that is set.
    Var(&'static [&'static str]),
    /// Slurm: `SLURM_JOB_ID.SLURM_STEP_ID` (a job runs several steps, each a launch).
    SlurmStep,
}

const LAUNCHERS: [Row; 5] = [
    Row {
        name: "Open MPI",
        marks: &["OMPI_COMM_WORLD_RANK"],
        rank: "OMPI_COMM_WORLD_RANK",
        size: &["OMPI_COMM_WORLD_SIZE"],
        local_rank: Some("OMPI_COMM_WORLD_LOCAL_RANK"),
        local_size: LocalSize::Var("OMPI_COMM_WORLD_LOCAL_SIZE"),
        job: Job::Var(&["OMPI_MCA_ess_base_jobid", "PMIX_NAMESPACE"]),
    },
    Row {
        // MPICH's mpiexec (and Intel MPI's): its local rank tells it from Slurm's PMI-2.
        // Hydra puts no job id in the environment (PMI_KVSNAME where a version does).
        name: "Hydra",
        marks: &["PMI_RANK", "MPI_LOCALRANKID"],
        rank: "PMI_RANK",
        size: &["PMI_SIZE"],
        local_rank: Some("MPI_LOCALRANKID"),
        local_size: LocalSize::Var("MPI_LOCALNRANKS"),
        job: Job::Var(&["PMI_KVSNAME"]),
    },
    Row {
        name: "Slurm",
        marks: &["SLURM_PROCID", "SLURM_JOB_ID"],
        rank: "SLURM_PROCID",
        size: &["SLURM_STEP_NUM_TASKS", "SLURM_NTASKS", "SLURM_NPROCS"],
        local_rank: Some("SLURM_LOCALID"),
        local_size: LocalSize::SlurmList,
        job: Job::SlurmStep,
    },
    Row {
        // Other PMIx launchers (prterun, Flux ...): no size or local rank in the environment.
        name: "PMIx",
        marks: &["PMIX_RANK"],
        rank: "PMIX_RANK",
        size: &[],
        local_rank: None,
        local_size: LocalSize::Unknown,
        job: Job::Var(&["PMIX_NAMESPACE"]),
    },
    Row {
        name: "PMI",
        marks: &["PMI_RANK"],
        rank: "PMI_RANK",
        size: &["PMI_SIZE"],
        local_rank: None,
        local_size: LocalSize::Unknown,
        job: Job::Var(&["PMI_JOBID", "PMI_KVSNAME"]),
    },
];

/// What the launcher of this process says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Launch {
    /// Which launcher ("Open MPI", "Hydra", "Slurm", "PMIx", "PMI").
    pub launcher: &'static str,
    pub rank: u32,
    /// The number of ranks, when the launcher says it.
    pub size: Option<u32>,
    /// (this rank's place among the node's ranks of the job, their number), when known.
    pub local: Option<(u32, u32)>,
    /// The job's id, made safe for a file name ([`safe_id`]).
    pub job: Option<String>,
}

/// The launch described by the variables `get` returns (empty values count as unset).
pub fn launch_from(get: &dyn Fn(&str) -> Option<String>) -> Option<Launch> {
    let var = |k: &str| get(k).filter(|v| !v.is_empty());
    let num = |k: &str| var(k)?.trim().parse::<u32>().ok();
    let row = LAUNCHERS
        .iter()
        .find(|r| r.marks.iter().all(|m| var(m).is_some()))?;
    let rank = num(row.rank)?;
    let size = row.size.iter().find_map(|k| num(k)).filter(|&n| rank < n);
    let local_size = match row.local_size {
        LocalSize::Var(k) => num(k),
        LocalSize::SlurmList => slurm_local_size(&var),
        LocalSize::Unknown => None,
    };
    let local = match (row.local_rank.and_then(num), local_size) {
        (Some(r), Some(n)) if r < n => Some((r, n)),
        _ => None,
    };
    let job = match row.job {
        Job::Var(keys) => keys.iter().find_map(|k| var(k)),
        Job::SlurmStep => slurm_step(&var),
    };
    Some(Launch {
        launcher: row.name,
        rank,
        size,
        local,
        job: job.map(|j| safe_id(&j)),
    })
}

/// When a launcher started this process as one of several ranks but the MPI it is linked
/// with (`library`: MPI_Get_library_version's text) sees a world of `world_size` 1, the
/// launcher is another MPI's and every rank would work alone: the one line that says so.
pub fn foreign(launch: &Launch, world_size: u32, library: &str) -> Option<String> {
    let n = launch.size.filter(|&n| n > 1)?;
    if world_size != 1 {
        return None;
    }
    let who = match launch.launcher {
        "Open MPI" => "Open MPI's mpirun",
        "Hydra" => "MPICH's mpiexec (Hydra)",
        "Slurm" => "Slurm's srun",
        "PMIx" => "a PMIx launcher",
        _ => "a PMI launcher",
    };
    let first = library.lines().next().unwrap_or("").trim();
    let hint = if first.starts_with("Open MPI") {
        "Open MPI's mpirun (mpirun.openmpi; under Slurm: srun --mpi=pmix)"
    } else {
        "the mpiexec of the MPI it is linked with"
    };
    Some(format!(
        "linked with {first}, but started by {who} as one of {n} ranks, which that MPI does \
         not see: run it with {hint}, or without a launcher"
    ))
}

/// The launch of this process, from its environment.
pub fn launch() -> Option<Launch> {
    launch_from(&|k| std::env::var(k).ok())
}

/// The job id of a process: its launcher's, or, started by none (a program in a Slurm
/// allocation's shell or batch script), the Slurm job it runs in.
pub fn job_id_from(get: &dyn Fn(&str) -> Option<String>) -> Option<String> {
    match launch_from(get) {
        Some(l) => l.job,
        None => slurm_step(&|k| get(k).filter(|v| !v.is_empty())).map(|j| safe_id(&j)),
    }
}

/// [`job_id_from`] of this process's environment.
pub fn job_id() -> Option<String> {
    job_id_from(&|k| std::env::var(k).ok())
}

/// `JOB.STEP` (SLURM_STEPID in Slurm before 20.11), or `JOB` outside a step.
fn slurm_step(var: &dyn Fn(&str) -> Option<String>) -> Option<String> {
    let job = var("SLURM_JOB_ID").or_else(|| var("SLURM_JOBID"))?;
    Some(match var("SLURM_STEP_ID").or_else(|| var("SLURM_STEPID")) {
        Some(step) => format!("{job}.{step}"),
        None => job,
    })
}

/// This node's number of tasks of the step: SLURM_STEP_TASKS_PER_NODE (the job's
/// SLURM_TASKS_PER_NODE outside a step) indexed by SLURM_NODEID; SLURM_NTASKS_PER_NODE is
/// set only when asked for with --ntasks-per-node.
fn slurm_local_size(var: &dyn Fn(&str) -> Option<String>) -> Option<u32> {
    let list = var("SLURM_STEP_TASKS_PER_NODE").or_else(|| var("SLURM_TASKS_PER_NODE"))?;
    let node = var("SLURM_NODEID")?.trim().parse::<usize>().ok()?;
    tasks_on_node(&list, node)
}

/// The `node`th entry of a Slurm tasks-per-node list: `4`, `2,1`, `2(x3),1`.
pub fn tasks_on_node(list: &str, node: usize) -> Option<u32> {
    let mut first = 0usize;
    for part in list.split(',') {
        let (n, times) = match part.trim().split_once("(x") {
            Some((n, rest)) => (n, rest.strip_suffix(')')?.parse::<usize>().ok()?),
            None => (part.trim(), 1),
        };
        let n = n.parse::<u32>().ok()?;
        if node < first + times {
            return Some(n);
        }
        first += times;
    }
    None
}

/// A job id as part of a file name: ASCII letters, digits, `.` and `-` kept, anything else
/// `_` (Open MPI's and PMIx's ids may hold `/` or `:`).
pub fn safe_id(id: &str) -> String {
    id.chars()
        .map(|c| match c {
            c if c.is_ascii_alphanumeric() || c == '.' || c == '-' => c,
            _ => '_',
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn launch_of(vars: &[(&str, &str)]) -> Option<Launch> {
        launch_from(&|k| vars.iter().find(|v| v.0 == k).map(|v| v.1.to_string()))
    }

    fn job_of(vars: &[(&str, &str)]) -> Option<String> {
        job_id_from(&|k| vars.iter().find(|v| v.0 == k).map(|v| v.1.to_string()))
    }

    #[test]
    fn tasks_per_node_lists() {
        assert_eq!(tasks_on_node("4", 0), Some(4));
        assert_eq!(tasks_on_node("4", 1), None);
        assert_eq!(tasks_on_node("2(x3),1", 0), Some(2));
        assert_eq!(tasks_on_node("2(x3),1", 2), Some(2));
        assert_eq!(tasks_on_node("2(x3),1", 3), Some(1));
        assert_eq!(tasks_on_node("3,2(x2)", 2), Some(2));
        assert_eq!(tasks_on_node("2(x", 0), None);
        assert_eq!(tasks_on_node("", 0), None);
    }

    #[test]
    fn no_launcher_no_launch() {
        assert_eq!(launch_of(&[]), None);
        assert_eq!(launch_of(&[("PMI_RANK", "")]), None);
        assert_eq!(job_of(&[]), None);
    }
    // The environments below are those the launchers gave a rank on Debian 12 (Open MPI
    // 4.1.4, MPICH 4.0.2, Slurm 22.05), less the variables no row reads.

    #[test]
    fn srun_with_pmix_is_slurm_with_its_step() {
        let env = [
            ("PMIX_NAMESPACE", "slurm.pmix.1.0"),
            ("PMIX_RANK", "3"),
            ("SLURM_JOB_ID", "17"),
            ("SLURM_LOCALID", "3"),
            ("SLURM_NODEID", "0"),
            ("SLURM_NPROCS", "4"),
            ("SLURM_NTASKS", "4"),
            ("SLURM_PROCID", "3"),
            ("SLURM_STEP_ID", "0"),
            ("SLURM_STEP_NUM_TASKS", "4"),
            ("SLURM_STEP_TASKS_PER_NODE", "4"),
            ("SLURM_TASKS_PER_NODE", "4"),
        ];
        let l = launch_of(&env).unwrap();
        assert_eq!(l.launcher, "Slurm");
        assert_eq!((l.rank, l.size, l.local), (3, Some(4), Some((3, 4))));
        assert_eq!(l.job.as_deref(), Some("17.0"));
    }

    #[test]
    fn srun_on_several_nodes_reads_its_node_in_the_list() {
        let env = [
            ("SLURM_JOB_ID", "9"),
            ("SLURM_STEP_ID", "2"),
            ("SLURM_PROCID", "6"),
            ("SLURM_NTASKS", "7"),
            ("SLURM_LOCALID", "0"),
            ("SLURM_NODEID", "3"),
            ("SLURM_STEP_TASKS_PER_NODE", "2(x3),1"),
        ];
        let l = launch_of(&env).unwrap();
        assert_eq!((l.rank, l.size, l.local), (6, Some(7), Some((0, 1))));
        assert_eq!(l.job.as_deref(), Some("9.2"));
    }

    #[test]
    fn srun_with_pmi2_is_slurm_not_hydra() {
        let env = [
            ("PMI_FD", "11"),
            ("PMI_JOBID", "4.0"),
            ("PMI_RANK", "1"),
            ("PMI_SIZE", "2"),
            ("SLURM_JOB_ID", "4"),
            ("SLURM_STEP_ID", "0"),
            ("SLURM_PROCID", "1"),
            ("SLURM_NTASKS", "2"),
            ("SLURM_LOCALID", "1"),
            ("SLURM_NODEID", "0"),
            ("SLURM_TASKS_PER_NODE", "2"),
        ];
        let l = launch_of(&env).unwrap();
        assert_eq!(l.launcher, "Slurm");
        assert_eq!(
            (l.rank, l.local, l.job.as_deref()),
            (1, Some((1, 2)), Some("4.0"))
        );
    }

    #[test]
    fn mpirun_in_a_slurm_allocation_is_open_mpi() {
        // Two mpiruns in one allocation are two jobs: the allocation's id is not theirs.
        let env = [
            ("OMPI_COMM_WORLD_LOCAL_RANK", "3"),
            ("OMPI_COMM_WORLD_LOCAL_SIZE", "4"),
            ("OMPI_COMM_WORLD_RANK", "3"),
            ("OMPI_COMM_WORLD_SIZE", "4"),
            ("OMPI_MCA_ess_base_jobid", "1551171585"),
            ("PMIX_NAMESPACE", "1551171585"),
            ("PMIX_RANK", "3"),
            ("SLURM_JOB_ID", "3"),
            ("SLURM_NTASKS", "4"),
            ("SLURM_TASKS_PER_NODE", "4"),
        ];
        let l = launch_of(&env).unwrap();
        assert_eq!(l.launcher, "Open MPI");
        assert_eq!((l.rank, l.size, l.local), (3, Some(4), Some((3, 4))));
        assert_eq!(l.job.as_deref(), Some("1551171585"));
    }

    #[test]
    fn mpiexec_of_mpich_is_hydra_without_a_job_id() {
        let env = [
            ("MPI_LOCALNRANKS", "2"),
            ("MPI_LOCALRANKID", "1"),
            ("PMI_FD", "8"),
            ("PMI_RANK", "1"),
            ("PMI_SIZE", "2"),
        ];
        let l = launch_of(&env).unwrap();
        assert_eq!(l.launcher, "Hydra");
        assert_eq!(
            (l.rank, l.size, l.local, l.job),
            (1, Some(2), Some((1, 2)), None)
        );
        let with_kvs = [
            ("PMI_RANK", "0"),
            ("MPI_LOCALRANKID", "0"),
            ("PMI_KVSNAME", "kvs_77/0"),
        ];
        assert_eq!(
            launch_of(&with_kvs).unwrap().job.as_deref(),
            Some("kvs_77_0")
        );
    }

    #[test]
    fn a_program_in_an_allocation_has_the_job_but_no_rank() {
        assert_eq!(launch_of(&[("SLURM_JOB_ID", "12")]), None);
        assert_eq!(job_of(&[("SLURM_JOB_ID", "12")]).as_deref(), Some("12"));
        assert_eq!(
            job_of(&[("SLURM_JOBID", "12"), ("SLURM_STEPID", "1")]).as_deref(),
            Some("12.1")
        );
    }

    #[test]
    fn inconsistent_values_are_dropped_not_trusted() {
        // A rank beyond the size: no size; a local rank beyond the local size: no local place.
        let env = [
            ("OMPI_COMM_WORLD_RANK", "5"),
            ("OMPI_COMM_WORLD_SIZE", "4"),
            ("OMPI_COMM_WORLD_LOCAL_RANK", "4"),
            ("OMPI_COMM_WORLD_LOCAL_SIZE", "4"),
        ];
        let l = launch_of(&env).unwrap();
        assert_eq!((l.rank, l.size, l.local, l.job), (5, None, None, None));
        assert_eq!(launch_of(&[("OMPI_COMM_WORLD_RANK", "x")]), None);
    }
}
