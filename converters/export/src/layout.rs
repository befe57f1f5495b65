//! Where the tables go: one file per table in DIR, or with `--partition-by` a hive-partitioned
//! folder per table (DIR/calls/job=1/rank=0/part-0.parquet ...) that pyarrow.dataset, polars,
//! DuckDB and Spark read with the partition columns restored from the folder names.

use std::fmt;
use std::str::FromStr;

/// A column the files can be partitioned by (its value is constant within a process).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PartitionKey {
    Job,
    Rank,
}

/// The partition value of a process that is not an MPI rank. Partition values are never
/// null: engines disagree on Hive's null name (`__HIVE_DEFAULT_PARTITION__`: DuckDB reads
/// it as a string, pyarrow cannot type a column of it alone), so `rank` is -1 there and
/// `job` 0 (a process outside any MPI job) or the job's number from 1 (1 with one job).
pub const NOT_A_RANK: i64 = -1;

impl PartitionKey {
    pub fn column(self) -> &'static str {
        match self {
            PartitionKey::Job => "job",
            PartitionKey::Rank => "rank",
        }
    }
}

/// The partition columns, outermost folder first: `job`, `rank` or `job,rank`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PartitionBy(pub Vec<PartitionKey>);

/// A `--partition-by` value that is not `job`, `rank` or `job,rank`.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum PartitionError {
    #[error("unknown partition column `{0}` (expected job, rank or job,rank)")]
    Unknown(String),
    #[error("partition column `{0}` given twice")]
    Twice(&'static str),
    #[error("`rank` before `job`: ranks are numbered per job, partition by job,rank")]
    Order,
    #[error("no partition column given (expected job, rank or job,rank)")]
    Empty,
}

impl FromStr for PartitionBy {
    type Err = PartitionError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut keys = Vec::new();
        for part in s.split(',') {
            let k = match part.trim() {
                "job" => PartitionKey::Job,
                "rank" => PartitionKey::Rank,
                "" => return Err(PartitionError::Empty),
                other => return Err(PartitionError::Unknown(other.into())),
            };
            if keys.contains(&k) {
                return Err(PartitionError::Twice(k.column()));
            }
            keys.push(k);
        }
        if keys == [PartitionKey::Rank, PartitionKey::Job] {
            return Err(PartitionError::Order);
        }
        Ok(PartitionBy(keys))
    }
}

impl fmt::Display for PartitionBy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = self.0.iter().map(|k| k.column()).collect();
        f.write_str(&names.join(","))
    }
}

impl PartitionBy {
    pub fn is_flat(&self) -> bool {
        self.0.is_empty()
    }

    /// The partition folders of a process of job number `job` (from 1; None outside any
    /// MPI job) with MPI rank `rank`: `job=1/rank=0` (see [`NOT_A_RANK`]).
    pub fn folder(&self, job: Option<u32>, rank: Option<u32>) -> String {
        let parts: Vec<String> = (self.0.iter())
            .map(|k| {
                let v = match k {
                    PartitionKey::Job => job.map_or(0, i64::from),
                    PartitionKey::Rank => rank.map_or(NOT_A_RANK, i64::from),
                };
                format!("{}={v}", k.column())
            })
            .collect();
        parts.join("/")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partition_values_parse_and_are_checked() {
        use PartitionKey::*;
        assert_eq!("job,rank".parse(), Ok(PartitionBy(vec![Job, Rank])));
        assert_eq!(" rank ".parse(), Ok(PartitionBy(vec![Rank])));
        assert_eq!("job".parse(), Ok(PartitionBy(vec![Job])));
        assert_eq!(
            "rank,rank".parse::<PartitionBy>(),
            Err(PartitionError::Twice("rank"))
        );
        assert_eq!(
            "rank,job".parse::<PartitionBy>(),
            Err(PartitionError::Order)
        );
        assert_eq!(
            "host".parse::<PartitionBy>(),
            Err(PartitionError::Unknown("host".into()))
        );
        assert_eq!("".parse::<PartitionBy>(), Err(PartitionError::Empty));
        assert_eq!("job,".parse::<PartitionBy>(), Err(PartitionError::Empty));
    }

    #[test]
    fn folders_have_no_null_values() {
        let p: PartitionBy = "job,rank".parse().unwrap();
        assert_eq!(p.folder(Some(2), Some(7)), "job=2/rank=7");
        assert_eq!(p.folder(None, None), "job=0/rank=-1");
        assert_eq!(p.to_string(), "job,rank");
    }
}
