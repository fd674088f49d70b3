package io.github.vwbinlog.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.join.DsjsonConverter;
import io.github.vwbinlog.join.JoinOptions;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shaded jar on a class path like a Spark distribution's: Spark's jars, the jar, and a flatbuffers-java newer than
 * the 2.0.8 that schema-gen's generated code needs. The query must give the converter's lines (so the relocated
 * flatbuffers is the one the jar uses), and both flatbuffers must load, each from its own jar. Another jar of VW's
 * generated classes comes first on the class path: the jar's own, relocated, are not shadowed by it.
 */
class SparkJarIT {
  @TempDir
  Path dir;

  private static boolean ours(String entry) {
    String e = entry.replace(File.separatorChar, '/');
    return e.contains("/api/target/") || e.contains("/core/target/") || e.contains("/schema-gen/target/")
        || e.endsWith("/spark/target/classes") || e.endsWith("/spark/target/classes/")
        || new File(e).getName().startsWith("vw-binlog") || new File(e).getName().startsWith("flatbuffers-java");
  }

  @Test
  void theShadedJarRunsBesideANewerFlatbuffers() throws Exception {
    Path jar = Path.of(System.getProperty("vwbinlog.jar"));
    Path newer;
    try (var files = Files.list(Path.of(System.getProperty("vwbinlog.itLib")))) {
      newer = files.filter(p -> p.getFileName().toString().startsWith("flatbuffers-java")).findFirst().orElseThrow();
    }
    List<String> classPath = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      if (!ours(entry)) {
        classPath.add(entry);
      }
    }
    // Another jar with VW's generated classes, first on the class path: what the shaded jar holds must not meet it.
    classPath.add(clashingSchemaJar().toString());
    classPath.add(jar.toString());
    classPath.add(newer.toString());

    Path log = SparkReadTest.FILES.resolve("valid_joined_logs/average_reward_100_interactions.fb");
    Path out = dir.resolve("lines.txt");
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(List.of(System.getProperty("vwbinlog.sparkJvmOptions").trim().split("\\s+")));
    command.addAll(List.of("-cp", String.join(File.pathSeparator, classPath), JarCheck.class.getName(),
        log.toString(), out.toString()));
    Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dir.resolve("log.txt").toFile())
        .start();
    assertThat(p.waitFor(5, TimeUnit.MINUTES)).isTrue();
    assertThat(p.exitValue()).as(Files.readString(dir.resolve("log.txt"))).isZero();

    ByteArrayOutputStream expected = new ByteArrayOutputStream();
    DsjsonConverter.of(JoinOptions.defaults()).convert(log, expected);
    String written = Files.readString(out, StandardCharsets.UTF_8);
    assertThat(written).startsWith(expected.toString(StandardCharsets.UTF_8));
    assertThat(written).contains("relocated: " + jar).contains("spark's: " + newer)
        .contains("vw's generated classes: " + dir.resolve("vw-generated.jar"));
    try (java.util.jar.JarFile shaded = new java.util.jar.JarFile(jar.toFile())) {
      assertThat(shaded.stream().map(java.util.jar.JarEntry::getName))
          .noneMatch(name -> name.startsWith("reinforcement_learning/") || name.startsWith("com/google/"))
          .anyMatch(name -> name.startsWith("io/github/vwbinlog/shaded/reinforcement_learning/messages/flatbuff/v2/"));
    }
  }

  /**
   * A jar of VW's generated {@code Event} class as another flatc might have made it: the same name, none of the
   * methods the library calls.
   */
  private Path clashingSchemaJar() throws Exception {
    Path src = dir.resolve("src/reinforcement_learning/messages/flatbuff/v2/Event.java");
    Files.createDirectories(src.getParent());
    Files.writeString(src, "package reinforcement_learning.messages.flatbuff.v2;\npublic final class Event {}\n");
    Path classes = Files.createDirectories(dir.resolve("classes"));
    int status = javax.tools.ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", classes.toString(),
        src.toString());
    assertThat(status).isZero();
    Path jar = dir.resolve("vw-generated.jar");
    try (java.util.jar.JarOutputStream out = new java.util.jar.JarOutputStream(Files.newOutputStream(jar))) {
      out.putNextEntry(new java.util.jar.JarEntry("reinforcement_learning/messages/flatbuff/v2/Event.class"));
      out.write(Files.readAllBytes(classes.resolve("reinforcement_learning/messages/flatbuff/v2/Event.class")));
      out.closeEntry();
    }
    return jar;
  }
}
