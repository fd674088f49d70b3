package io.github.vwbinlog.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.join.JoinFeature;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.MultistepReward;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

/** The command line as a whole: subcommands, help, completion, version, and the shared join options. */
class MainTest {

  /** The join options {@code args} describe, as the convert command would build them. */
  private static JoinOptions parse(String... args) {
    PrintStream sink = new PrintStream(new ByteArrayOutputStream());
    CommandLine cmd = Main.commandLine(new Io(new ByteArrayInputStream(new byte[0]), sink, sink, false));
    CommandLine.ParseResult parsed = cmd.parseArgs(args);
    Object command = parsed.subcommand().commandSpec().userObject();
    JoinOptionsGroup group = command instanceof ConvertCommand c ? c.join
        : command instanceof StatsCommand s ? s.join : ((ValidateCommand) command).join;
    return group.apply(JoinOptions.defaults());
  }

  @Test
  void helpListsEveryCommand() {
    CliRun run = CliRun.of("--help");

    assertThat(run.exit()).isZero();
    assertThat(run.out()).contains("inspect", "convert", "stats", "validate", "split", "completion", "help")
        .contains("Exit codes:");
  }

  @ParameterizedTest(name = "{0} --help")
  @ValueSource(strings = {"inspect", "convert", "stats", "validate", "split", "completion"})
  void everyCommandHasHelp(String command) {
    CliRun run = CliRun.of(command, "--help");

    assertThat(run.exit()).isZero();
    assertThat(run.out()).contains("Usage: vw-binlog " + command + " ");
  }

  /**
   * The commands build their models in code ({@link Specs}), which picocli runs without looking at annotations: a
   * picocli annotation on a class of this package would be ignored without a word, so none may be there.
   */
  @Test
  void noClassOfTheCommandLineCarriesPicocliAnnotations() throws Exception {
    Path classes = Path.of(Main.class.getProtectionDomain().getCodeSource().getLocation().toURI())
        .resolve(Main.class.getPackageName().replace('.', '/'));
    List<String> annotated = new ArrayList<>();
    List<String> checked = new ArrayList<>();
    try (Stream<Path> files = Files.list(classes)) {
      for (Path file : (Iterable<Path>) files::iterator) {
        String name = file.getFileName().toString();
        if (!name.endsWith(".class") || name.equals("package-info.class")) {
          continue;
        }
        Class<?> type = Class.forName(Main.class.getPackageName() + "." + name.replace(".class", ""));
        checked.add(type.getSimpleName());
        List<AnnotatedElement> elements = new ArrayList<>(List.of(type.getDeclaredFields()));
        elements.addAll(List.of(type.getDeclaredMethods()));
        elements.add(type);
        for (AnnotatedElement element : elements) {
          for (Annotation a : element.getDeclaredAnnotations()) {
            if (a.annotationType().getName().startsWith("picocli.")) {
              annotated.add(element + ": " + a);
            }
          }
        }
      }
    }
    assertThat(checked).contains("ConvertCommand", "InputFiles", "JoinOptionsGroup", "Main");
    assertThat(annotated).isEmpty();
  }

  /** What a run prints when every subcommand is registered, as {@code --help} and {@code completion} have them. */
  private static String fullRun(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrintStream stream = new PrintStream(out, true, java.nio.charset.StandardCharsets.UTF_8);
    CommandLine cmd = Main.commandLine(new Io(new ByteArrayInputStream(new byte[0]), stream, stream, false));
    int exit = cmd.execute(args);
    cmd.getOut().flush();
    cmd.getErr().flush();
    return exit + "\n" + out.toString(java.nio.charset.StandardCharsets.UTF_8);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"convert --help", "split --help", "convert", "stats --no-such-option x.log",
      "inspect --help", "validate --max-problems -1 x.log", "convert --threads 0 x.log", "help convert", "nonsense",
      "--help"})
  void oneSubcommandRegisteredBehavesAsAll(String line) {
    String[] args = line.split(" ");
    CliRun lazy = CliRun.of(args);

    assertThat(lazy.exit() + "\n" + lazy.out() + lazy.err()).isEqualTo(fullRun(args));
  }

  @Test
  void multistepOptions() {
    assertThat(parse("convert", "x.log").isEnabled(JoinFeature.MULTISTEP)).isFalse();
    assertThat(parse("convert", "x.log").multistepReward()).isNull();

    JoinOptions o = parse("convert", "--multistep", "--multistep-reward", "SUFFIX_sum", "x.log");
    assertThat(o.isEnabled(JoinFeature.MULTISTEP)).isTrue();
    assertThat(o.multistepReward()).isEqualTo(MultistepReward.SUFFIX_SUM);

    assertThat(parse("stats", "--multistep", "x.log").isEnabled(JoinFeature.MULTISTEP)).isTrue();
    assertThat(parse("validate", "--multistep-reward", "identity", "x.log").multistepReward())
        .isEqualTo(MultistepReward.IDENTITY);
    assertThat(parse("validate", "--problem-type", "ccb", "--multistep", "x.log"))
        .extracting(JoinOptions::problemType, v -> v.isEnabled(JoinFeature.MULTISTEP)).containsExactly(ProblemType.CCB, true);
  }

  @Test
  void invalidMultistepRewardIsAUsageError() {
    CliRun run = CliRun.of("convert", "--multistep-reward", "suffix", "x.log");

    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.err()).contains("Invalid multistep reward 'suffix': expected identity, suffix_sum or suffix_mean");
  }

  @Test
  void completionScript() {
    CliRun run = CliRun.of("completion");

    assertThat(run.exit()).isZero();
    assertThat(run.out()).startsWith("#!/usr/bin/env bash")
        .contains("complete -F _complete_vw-binlog")
        .contains("local commands=\"inspect convert join stats evaluate validate split completion help\"")
        .contains("--multistep-reward")
        .contains("(\"identity\" \"suffix_sum\" \"suffix_mean\")")
        .contains("(\"cb\" \"ccb\" \"slates\" \"ca\")");

    assertThat(CliRun.of("completion", "--name", "vwb").out()).contains("complete -F _complete_vwb");
  }

  @Test
  void versionOutsideTheJar() {
    // The classes are not in a jar here, so there is no manifest: the jar's --version is checked by JarIT.
    CliRun run = CliRun.of("--version");

    assertThat(run.exit()).isZero();
    assertThat(run.out()).startsWith("vw-binlog (development build)\nJava ");
  }

  /**
   * main returns instead of calling System.exit only when nothing else would keep the JVM alive: checked in a thread
   * group of its own, with a non-daemon sibling alive (which must stop the return), then with only a daemon one (which
   * must not).
   */
  @Test
  void returnsFromMainOnlyWhenNoOtherNonDaemonThreadIsAlive() throws Exception {
    ThreadGroup group = new ThreadGroup("main-test");
    CountDownLatch releaseWorker = new CountDownLatch(1);
    CountDownLatch releaseDaemon = new CountDownLatch(1);
    CountDownLatch started = new CountDownLatch(2);
    Thread worker = new Thread(group, () -> park(started, releaseWorker), "non-daemon");
    Thread daemon = new Thread(group, () -> park(started, releaseDaemon), "daemon");
    daemon.setDaemon(true);
    worker.start();
    daemon.start();
    started.await();

    boolean withWorker = checkIn(group);
    releaseWorker.countDown();
    worker.join();
    boolean withDaemonOnly = checkIn(group);
    releaseDaemon.countDown();
    daemon.join();

    assertThat(withWorker).as("with a live non-daemon sibling").isFalse();
    assertThat(withDaemonOnly).as("with only a daemon sibling").isTrue();
  }

  private static void park(CountDownLatch started, CountDownLatch release) {
    started.countDown();
    try {
      release.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** {@link Main#onlyThisThreadKeepsTheJvm} as a new thread of {@code group} answers it. */
  private static boolean checkIn(ThreadGroup group) throws InterruptedException {
    boolean[] answer = new boolean[1];
    Thread check = new Thread(group, () -> answer[0] = Main.onlyThisThreadKeepsTheJvm(), "check");
    check.start();
    check.join();
    return answer[0];
  }
}
