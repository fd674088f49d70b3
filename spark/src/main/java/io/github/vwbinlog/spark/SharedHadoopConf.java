package io.github.vwbinlog.spark;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.SparkSession;

/**
 * The session's Hadoop configuration as the executors read it, broadcast once per query: a task carries a handle to
 * it rather than a copy of its thousand entries. Copied into every task and rebuilt for every split, the configuration
 * cost about a sixth of a 1 MiB split's CPU (the task's deserialization and {@code Configuration.set} for each entry).
 * An executor's tasks share the one {@link Configuration} and only read it, as Spark's own file sources share theirs.
 */
final class SharedHadoopConf implements Serializable {
  private static final long serialVersionUID = 1L;

  private transient Configuration conf;

  private SharedHadoopConf(Configuration conf) {
    this.conf = conf;
  }

  /** The active session's Hadoop configuration ({@code spark.hadoop.*} included), broadcast to the executors. */
  static Broadcast<SharedHadoopConf> broadcast() {
    SparkSession session = SparkSession.active();
    return JavaSparkContext.fromSparkContext(session.sparkContext())
        .broadcast(new SharedHadoopConf(session.sessionState().newHadoopConf()));
  }

  /** The configuration; not to be changed (the executor's tasks share it). */
  Configuration get() {
    return conf;
  }

  private void writeObject(ObjectOutputStream out) throws IOException {
    out.defaultWriteObject();
    conf.write(out);
  }

  private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
    in.defaultReadObject();
    conf = new Configuration(false);
    conf.readFields(in);
  }
}
