package io.github.vwbinlog.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher {@code cli/target/vw-binlog} (the script of {@code src/main/launcher}), run as a user runs it: it makes
 * the JVM's start-up cache once per jar and JDK, uses it afterwards, and never changes what vw-binlog writes. Run by the
 * {@code jar} execution of surefire after {@code package}, on the JDK of the build and, when this machine has it, on
 * Temurin 25 (whose cache is an AOT cache rather than a class-data archive).
 */
@DisplayName("the vw-binlog launcher")
class LauncherIT {
  private static final Path JDK25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");
  /**
   * What the JVM prints to standard error when the launcher adds the Vector API's module (VW_BINLOG_VECTOR=on; both
   * JDKs of the build have it): before anything vw-binlog writes, and never into standard output.
   */
  private static final String INCUBATOR_WARNING =
      "WARNING: Using incubator modules: jdk.incubator.vector" + System.lineSeparator();
  private static Path root;
  private static Path launcher;

  @TempDir Path temp;

  @BeforeAll
  static void jarExecutionOnly() {
    root = JarExecution.root();
    launcher = root.resolve("cli/target/vw-binlog");
  }

  private record Result(int exit, byte[] out, String err) {}

  private static Result run(List<String> command, Map<String, String> env) throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(command).directory(root.toFile());
    pb.environment().remove("JAVA_OPTS");
    pb.environment().remove("VW_BINLOG_VECTOR");
    pb.environment().putAll(env);
    Path err = Files.createTempFile("launcher", ".err");
    pb.redirectError(err.toFile());
    Process p = pb.start();
    byte[] out = p.getInputStream().readAllBytes();
    assertThat(p.waitFor(5, TimeUnit.MINUTES)).isTrue();
    String errText = Files.readString(err);
    Files.delete(err);
    return new Result(p.exitValue(), out, errText);
  }

  private static List<String> args(String first, String... rest) {
    List<String> all = new ArrayList<>(List.of(first));
    all.addAll(List.of(rest));
    return all;
  }

  /** What the plain {@code java -jar} of the same JDK writes: the launcher must write the same bytes. */
  private static Result plain(Path jdk, Path jar, String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of(jdk.resolve("bin/java").toString(), "-jar", jar.toString()));
    command.addAll(List.of(args));
    return run(command, Map.of());
  }

  private static String[] convertCorpus() {
    return new String[] {"convert", CliRun.FILES.resolve("valid_joined_logs/cb_simple.log").toString(),
        CliRun.FILES.resolve("valid_joined_logs/ccb_simple.log").toString()};
  }

  private static List<Path> caches(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(dir)) {
      return files.sorted().toList();
    }
  }

  /** Trains once, then starts from the cache (the JVM is told to fail if it cannot map it), same output each time. */
  private void cacheIsMadeOnceAndUsed(Path jdk, Path script, String extension, String requireCache) throws Exception {
    Path cacheDir = temp.resolve("cache");
    Map<String, String> env = Map.of("JAVA_HOME", jdk.toString(), "VW_BINLOG_CACHE", cacheDir.toString());
    Result expected = plain(jdk, script.resolveSibling("vw-binlog.jar"), convertCorpus());

    Result first = run(args(script.toString(), convertCorpus()), env);
    List<Path> made = caches(cacheDir);
    Result second = run(args(script.toString(), convertCorpus()),
        Map.of("JAVA_HOME", jdk.toString(), "VW_BINLOG_CACHE", cacheDir.toString(), "JAVA_OPTS", requireCache));

    assertThat(expected.exit()).isZero();
    assertThat(made).singleElement().satisfies(p -> assertThat(p.getFileName().toString()).endsWith(extension));
    assertThat(caches(cacheDir)).isEqualTo(made);
    for (Result r : List.of(first, second)) {
      assertThat(r.exit()).isZero();
      assertThat(r.out()).isEqualTo(expected.out());
      assertThat(r.err()).isEqualTo(expected.err());
    }
  }

  @Test
  void onTheBuildsJdkTheCacheIsMadeOnceAndChangesNoOutput() throws Exception {
    Path jdk = Path.of(System.getProperty("java.home"));
    boolean aot = Runtime.version().feature() >= 25;
    cacheIsMadeOnceAndUsed(jdk, launcher, aot ? ".aot" : ".jsa", aot ? "-XX:AOTMode=on" : "-Xshare:on");
  }

  @Test
  void onJdk25TheCacheIsAnAotCache() throws Exception {
    assumeTrue(Files.isExecutable(JDK25.resolve("bin/java")), "Temurin 25 is not installed here");
    cacheIsMadeOnceAndUsed(JDK25, launcher, ".aot", "-XX:AOTMode=on");
  }

  @Test
  void anotherJarNeverReadsTheCacheOfTheFirst() throws Exception {
    Path copy = Files.createDirectories(temp.resolve("copy"));
    Path script = Files.copy(launcher, copy.resolve("vw-binlog"));
    Path jar = Files.copy(launcher.resolveSibling("vw-binlog.jar"), copy.resolve("vw-binlog.jar"));
    Files.createDirectories(copy.resolve("training"));
    Files.copy(CliRun.FILES.resolve("valid_joined_logs/cb_simple.log"), copy.resolve("training/cb.log"));
    Path cacheDir = temp.resolve("cache");
    Map<String, String> env = Map.of("VW_BINLOG_CACHE", cacheDir.toString());

    run(args(script.toString(), "--version"), env);
    List<Path> before = caches(cacheDir);
    Files.setLastModifiedTime(jar, FileTime.from(Instant.parse("2001-01-01T00:00:00Z")));
    Result after = run(args(script.toString(), "--version"), env);

    assertThat(before).hasSize(1);
    assertThat(after.exit()).isZero();
    assertThat(caches(cacheDir)).hasSize(2).containsAll(before);
  }

  @Test
  void withoutACacheTheJarRunsAsIs() throws Exception {
    Path jdk = Path.of(System.getProperty("java.home"));
    Result expected = plain(jdk, launcher.resolveSibling("vw-binlog.jar"), convertCorpus());

    Result off = run(args(launcher.toString(), convertCorpus()), Map.of("VW_BINLOG_CACHE", "off"));
    // A cache folder that cannot be made, for root too: its parent is a file.
    Path file = Files.writeString(temp.resolve("a-file"), "");
    Result unwritable = run(args(launcher.toString(), convertCorpus()),
        Map.of("VW_BINLOG_CACHE", file.resolve("cache").toString()));

    for (Result r : List.of(off, unwritable)) {
      assertThat(r.exit()).isZero();
      assertThat(r.out()).isEqualTo(expected.out());
      assertThat(r.err()).isEqualTo(expected.err());
    }
    assertThat(Files.isRegularFile(file)).isTrue();
  }

  @Test
  void withTheVectorApiTheOutputIsTheSameAndTheJvmSaysItUsesAnIncubatingModule() throws Exception {
    Path jdk = Path.of(System.getProperty("java.home"));
    Result expected = plain(jdk, launcher.resolveSibling("vw-binlog.jar"), convertCorpus());
    Path cacheDir = temp.resolve("cache");

    Result off = run(args(launcher.toString(), convertCorpus()), Map.of("VW_BINLOG_CACHE", cacheDir.toString()));
    Result on = run(args(launcher.toString(), convertCorpus()),
        Map.of("VW_BINLOG_VECTOR", "on", "VW_BINLOG_CACHE", cacheDir.toString()));

    assertThat(on.exit()).isZero();
    assertThat(on.out()).isEqualTo(expected.out());
    assertThat(on.err()).isEqualTo(INCUBATOR_WARNING + expected.err());
    assertThat(off.err()).isEqualTo(expected.err());
    assertThat(caches(cacheDir)).as("one cache with the module, one without").hasSize(2);
  }

  @Test
  void theThroughputCollectorUnlessJavaOptsNamesOneAndTheSameOutputEitherWay() throws Exception {
    Path jdk = Path.of(System.getProperty("java.home"));
    Result expected = plain(jdk, launcher.resolveSibling("vw-binlog.jar"), convertCorpus());
    String cache = temp.resolve("cache").toString();
    // -Xlog options in JAVA_OPTS win over the launcher's: the JVM says which collector it uses.
    Result byDefault = run(args(launcher.toString(), convertCorpus()),
        Map.of("VW_BINLOG_CACHE", cache, "JAVA_OPTS", "-Xlog:gc=info:stderr"));
    Result named = run(args(launcher.toString(), convertCorpus()),
        Map.of("VW_BINLOG_CACHE", cache, "JAVA_OPTS", "-Xmx512m -XX:+UseSerialGC -Xlog:gc=info:stderr"));

    for (Result r : List.of(byDefault, named)) {
      assertThat(r.exit()).isZero();
      assertThat(r.out()).isEqualTo(expected.out());
      assertThat(r.err()).contains(expected.err());
    }
    assertThat(byDefault.err()).contains("Using Parallel").doesNotContain("Using Serial");
    assertThat(named.err()).contains("Using Serial").doesNotContain("Using Parallel");
    assertThat(caches(temp.resolve("cache"))).as("one cache per collector").hasSize(2);
  }

  /**
   * Where Linux gives transparent huge pages on request (its "madvise" mode), the launcher asks for them, and the JVM
   * says so at its start (its gc+init log); the output is the same. Where the mode is another, it does not ask.
   */
  @Test
  void transparentHugePagesWhereLinuxGivesThemOnRequestAndTheSameOutput() throws Exception {
    Path mode = Path.of("/sys/kernel/mm/transparent_hugepage/enabled");
    assumeTrue(Files.isReadable(mode), "no transparent huge pages here");
    boolean onRequest = Files.readString(mode).contains("[madvise]");
    Path jdk = Path.of(System.getProperty("java.home"));
    Result expected = plain(jdk, launcher.resolveSibling("vw-binlog.jar"), convertCorpus());
    Result r = run(args(launcher.toString(), convertCorpus()),
        Map.of("VW_BINLOG_CACHE", temp.resolve("cache").toString(), "JAVA_OPTS", "-Xlog:gc+init=info:stderr"));

    assertThat(r.exit()).isZero();
    assertThat(r.out()).isEqualTo(expected.out());
    assertThat(r.err().contains("Large Page Support: Enabled (Transparent)")).isEqualTo(onRequest);
  }

  /**
   * On JDK 25 the launcher lowers the thresholds of the JIT's first tier (the JVM lists the options it was given,
   * {@code -XX:+PrintCommandLineFlags}); on the build's JDK 17 it does not.
   */
  @Test
  void onJdk25TheJitsFirstTierSoonerAndNotOnJdk17() throws Exception {
    List<String> version = args(launcher.toString(), "--version");
    String flags = "-XX:+PrintCommandLineFlags";
    String cache = temp.resolve("cache").toString();
    Result build = run(version, Map.of("VW_BINLOG_CACHE", cache, "JAVA_OPTS", flags));
    assertThat(build.exit()).isZero();
    String threshold = "-XX:Tier3InvocationThreshold=20";
    if (Runtime.version().feature() < 25) {
      assertThat(new String(build.out(), StandardCharsets.UTF_8)).contains("-XX:+UseParallelGC")
          .doesNotContain(threshold);
    }
    assumeTrue(Files.isExecutable(JDK25.resolve("bin/java")), "Temurin 25 is not installed here");
    Result jdk25 = run(version, Map.of("JAVA_HOME", JDK25.toString(), "VW_BINLOG_CACHE", cache, "JAVA_OPTS", flags));
    assertThat(jdk25.exit()).isZero();
    assertThat(new String(jdk25.out(), StandardCharsets.UTF_8)).contains(threshold,
        "-XX:Tier3MinInvocationThreshold=10", "-XX:Tier3CompileThreshold=200", "-XX:Tier3BackEdgeThreshold=2000");
  }

  /**
   * On JDK 25 reflection runs through the JVM's native accessors: picocli's field bindings and the JDK's mapping of a
   * file then spin no method-handle classes (the JVM's class loading log names each class it defines at run time), and
   * the output is the same. Telling the JVM the opposite in JAVA_OPTS (which comes after the launcher's options) shows
   * the classes the property saves.
   */
  @Test
  void onJdk25ReflectionSpinsNoMethodHandleClassesAndTheSameOutput() throws Exception {
    assumeTrue(Files.isExecutable(JDK25.resolve("bin/java")), "Temurin 25 is not installed here");
    Result expected = plain(JDK25, launcher.resolveSibling("vw-binlog.jar"), convertCorpus());
    String cache = temp.resolve("cache").toString();
    String log = "-Xlog:class+load=info:stderr";
    Result nativeAccessors = run(args(launcher.toString(), convertCorpus()),
        Map.of("JAVA_HOME", JDK25.toString(), "VW_BINLOG_CACHE", cache, "JAVA_OPTS", log));
    Result methodHandles = run(args(launcher.toString(), convertCorpus()), Map.of("JAVA_HOME", JDK25.toString(),
        "VW_BINLOG_CACHE", cache, "JAVA_OPTS", log + " -Djdk.reflect.useNativeAccessorOnly=false"));

    for (Result r : List.of(nativeAccessors, methodHandles)) {
      assertThat(r.exit()).isZero();
      assertThat(r.out()).isEqualTo(expected.out());
    }
    assertThat(spunClasses(nativeAccessors.err())).isLessThan(spunClasses(methodHandles.err()));
  }

  /** The classes the JVM defined at run time from bytes it generated (method-handle forms), by its class loading log. */
  private static long spunClasses(String classLoadLog) {
    return classLoadLog.lines().filter(l -> l.contains("__JVM_LookupDefineClass__")).count();
  }

  /**
   * Installed as users install it: the command a symbolic link to the launcher (its jar found beside the link's
   * target), and no JAVA_HOME, the {@code java} on the PATH a symbolic link into the JDK (whose release file, found
   * through the link, gives the feature version the cache is named for: without it there would be no cache).
   */
  @Test
  void throughSymbolicLinksToTheLauncherAndToJavaOnThePath() throws Exception {
    Path jdk = Path.of(System.getProperty("java.home"));
    Result expected = plain(jdk, launcher.resolveSibling("vw-binlog.jar"), convertCorpus());
    Path bin = Files.createDirectories(temp.resolve("bin"));
    Path command = Files.createSymbolicLink(bin.resolve("vw-binlog"), launcher.toAbsolutePath());
    Files.createSymbolicLink(bin.resolve("java"), jdk.resolve("bin/java"));
    Path cacheDir = temp.resolve("cache");

    Result r = run(args(command.toString(), convertCorpus()), Map.of("JAVA_HOME", "", "VW_BINLOG_CACHE",
        cacheDir.toString(), "PATH", bin + ":" + System.getenv("PATH")));

    assertThat(r.exit()).isZero();
    assertThat(r.out()).isEqualTo(expected.out());
    assertThat(r.err()).isEqualTo(expected.err());
    assertThat(caches(cacheDir)).singleElement().satisfies(p -> assertThat(p.getFileName().toString())
        .startsWith("vw-binlog-" + Runtime.version().feature() + "-"));
  }

  @Test
  void exitCodesPassThrough() throws Exception {
    Map<String, String> env = Map.of("VW_BINLOG_CACHE", temp.resolve("cache").toString());
    assertThat(run(args(launcher.toString(), "frobnicate"), env).exit()).isEqualTo(2);
    assertThat(run(args(launcher.toString(), "convert", "no-such.log"), env).exit()).isEqualTo(3);
  }
}
