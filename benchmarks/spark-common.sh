# Sourced by the benchmarks/spark-*.sh scripts, from the repository's root, after `cd`.

# spark_build MODULES: packages MODULES (comma-separated; with the modules they need) without running tests, writes
# the spark module's test classpath to spark/target/spark-cp.txt, and sets `cp`, the classpath of the timing programs
# (the spark module's test classes), and `opts`, the JVM options of spark/pom.xml's spark.jvm.options.
spark_build() {
  mvn -B -q -o -pl "$1" -am -DskipTests package \
    org.apache.maven.plugins:maven-dependency-plugin:3.8.1:build-classpath \
    -Dmdep.outputFile="$PWD/spark/target/spark-cp.txt" -Dmdep.includeScope=test >/dev/null
  cp="spark/target/test-classes:spark/target/classes:$(cat spark/target/spark-cp.txt)"
  opts=$(sed -n 's:.*<spark.jvm.options>\(.*\)</spark.jvm.options>.*:\1:p' spark/pom.xml)
}

# environment: the line that says where a run was measured (JDK, cores, commit, date).
environment() {
  echo "JDK: $("$JAVA" -version 2>&1 | head -1); cores: $(nproc); commit: $(git rev-parse --short HEAD); $(date -u)"
}

# pin MASTER: with PIN=on, sets `prefix` to the command that runs a JVM of local[N] on N processors only (taskset)
# and `gc` to -XX:+UseG1GC (a JVM that sees one processor would otherwise choose the serial collector): local[1] then
# measures one core, JIT and collector included, not one task slot beside a second core that runs the JIT and the
# collector. Without PIN (the default) both are empty.
pin() {
  prefix=
  gc=
  if [ "${PIN:-off}" = on ] && [[ $1 =~ ^local\[([0-9]+)\]$ ]]; then
    prefix="taskset -c 0-$((BASH_REMATCH[1] - 1))"
    gc=-XX:+UseG1GC
  fi
}

# event_files N: sets `in` to $DIR/N, GenerateEventFiles' pair of event files of N CB interactions (generated unless
# they are there already), and `input`, their size in MiB.
event_files() {
  in="$DIR/$1"
  [ -f "$in/observations.fb" ] || "$JAVA" -cp benchmarks/target/benchmarks.jar \
    io.github.vwbinlog.benchmarks.GenerateEventFiles "$1" "$in" > /dev/null
  input="$(du -b "$in/interactions.fb" "$in/observations.fb" | awk '{s+=$1} END {printf "%.0f MiB", s/1048576}')"
}
