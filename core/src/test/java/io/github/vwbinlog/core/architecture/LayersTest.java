package io.github.vwbinlog.core.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noFields;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layers of core (docs/ARCHITECTURE.md), checked on the compiled main classes: each package uses only the layers
 * below it, and no two packages use each other. A new import that points up the layers, or a package cycle, fails the
 * build here, naming the classes; an import in the sources that points up the layers fails it too, even unused (the
 * compiled classes do not show those).
 *
 * <p>Bottom to top: {@code framing}, {@code flatbuf} and {@code text} use nothing else of core; {@code event} reads
 * verified flatbuffers; {@code scan} reads a REGULAR message's events into arrays (and every event into records);
 * {@code join} groups, joins and rewards the scanned events and hands each to a sink as a view; {@code output}
 * writes the DSJSON line of a view; {@code run} drives them all (the one loop over messages, a whole log, a byte
 * range or parts in parallel, into any sink); {@code write}
 * writes logs; {@code eventfile} reads rlclientlib's event files and {@code logjoin} joins them into a log (with
 * {@code write}, never through {@code join}); the root package ({@code CoreProvider})
 * binds the public API to all of them.
 */
class LayersTest {
  static final String CORE = "io.github.vwbinlog.core";

  private static JavaClasses main;

  @BeforeAll
  static void importMainClasses() {
    main = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages(CORE);
  }

  /**
   * Which layers each layer may use, bottom to top: the one table of both checks, on the compiled classes
   * ({@link #layers}) and on the sources' imports ({@link #upwardImports}).
   */
  static final Map<String, List<String>> MAY_USE = layerTable();

  private static Map<String, List<String>> layerTable() {
    Map<String, List<String>> t = new LinkedHashMap<>();
    t.put("framing", List.of());
    t.put("flatbuf", List.of());
    t.put("text", List.of());
    t.put("event", List.of("flatbuf", "text"));
    t.put("scan", List.of("framing", "flatbuf", "event", "write"));
    t.put("join", List.of("framing", "flatbuf", "text", "event", "scan", "write"));
    t.put("output", List.of("framing", "flatbuf", "text", "event", "join"));
    t.put("run", List.of("framing", "flatbuf", "text", "event", "join", "output"));
    t.put("write", List.of("framing", "flatbuf", "text"));
    t.put("eventfile", List.of("framing", "flatbuf", "text", "event"));
    t.put("logjoin", List.of("framing", "flatbuf", "text", "event", "eventfile", "write"));
    t.put("provider", List.of("framing", "flatbuf", "text", "event", "scan", "join", "output", "run", "write",
        "eventfile", "logjoin"));
    return java.util.Collections.unmodifiableMap(t);
  }

  /** The layer rule for the packages under {@code root}, which the fixture test applies to a planted violation. */
  static ArchRule layers(String root) {
    LayeredArchitecture rule = layeredArchitecture().consideringOnlyDependenciesInLayers();
    for (String layer : MAY_USE.keySet()) {
      rule = rule.layer(layer).definedBy(layer.equals("provider") ? root : root + "." + layer + "..");
    }
    for (Map.Entry<String, List<String>> e : MAY_USE.entrySet()) {
      rule = e.getValue().isEmpty() ? rule.whereLayer(e.getKey()).mayNotAccessAnyLayer()
          : rule.whereLayer(e.getKey()).mayOnlyAccessLayers(e.getValue().toArray(String[]::new));
    }
    return rule.allowEmptyShould(true);
  }

  private static final Pattern IMPORT = Pattern.compile("(?m)^import\\s+(?:static\\s+)?([\\w.*]+)\\s*;");

  /**
   * The imports of the sources under {@code sources} (the folder of package {@code root}) that point up the layers,
   * used or not: the compiled classes keep no trace of an unused import, which the class rule therefore cannot see.
   * Each is named as {@code File.java: import x.y.Z (layer a may not use layer b)}.
   */
  static List<String> upwardImports(Path sources, String root) throws IOException {
    List<String> found = new ArrayList<>();
    try (Stream<Path> files = Files.walk(sources)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
        String relative = sources.relativize(file.getParent()).toString().replace(java.io.File.separatorChar, '.');
        String own = relative.isEmpty() ? "provider" : relative.split("\\.")[0];
        Matcher m = IMPORT.matcher(Files.readString(file));
        while (m.find()) {
          String imported = m.group(1);
          if (!imported.startsWith(root + ".")) {
            continue;
          }
          String first = imported.substring(root.length() + 1).split("\\.")[0];
          String layer = Character.isUpperCase(first.charAt(0)) ? "provider" : first;
          if (!layer.equals(own) && MAY_USE.containsKey(own) && !MAY_USE.get(own).contains(layer)) {
            found.add(file.getFileName() + ": import " + imported + " (layer " + own + " may not use layer " + layer
                + ")");
          }
        }
      }
    }
    return found;
  }

  /** The sources of package {@code pkg} in {@code tree} (main or test) of this module. */
  private static Path sourcesOf(String tree, String pkg) {
    return Path.of(System.getProperty("user.dir"), "src", tree, "java").resolve(pkg.replace('.', '/'));
  }

  /** No two packages under {@code root} use each other, directly or through others. */
  static ArchRule noCycles(String root) {
    return slices().matching(root + ".(*)..").should().beFreeOfCycles().allowEmptyShould(true);
  }

  @Test
  void dependenciesPointDownTheLayers() {
    layers(CORE).check(main);
  }

  @Test
  void noPackageCycles() {
    noCycles(CORE).check(main);
  }

  /**
   * No hidden global state decides behaviour: every static field of core is final, and none holds a counter or a
   * shared collection (state belongs to the converter or the joiner that owns it). Caches private to a thread, such
   * as {@code Utf8}'s decoder, are allowed.
   */
  @Test
  void noMutableGlobalState() {
    ArchRule finalStatics = fields().that().areStatic().should().beFinal().allowEmptyShould(true);
    ArchRule noSharedState = noFields().that().areStatic()
        .should().haveRawType(com.tngtech.archunit.base.DescribedPredicate.describe("a counter or a shared collection",
            (com.tngtech.archunit.core.domain.JavaClass t) -> t.getPackageName().equals("java.util.concurrent")
                || t.getPackageName().equals("java.util.concurrent.atomic")))
        .allowEmptyShould(true);
    finalStatics.check(main);
    noSharedState.check(main);
  }

  @Test
  void everyPackageOfCoreIsALayer() {
    assertThat(main.getPackage(CORE).getSubpackages())
        .extracting(p -> p.getRelativeName())
        .allMatch(name -> java.util.Set.of("framing", "flatbuf", "text", "event", "scan", "join", "output", "run",
            "write", "eventfile", "logjoin").contains(name), "a package the layer rule knows");
  }

  @Test
  void noSourceImportPointsUpTheLayersUsedOrNot() throws IOException {
    assertThat(upwardImports(sourcesOf("main", CORE), CORE)).isEmpty();
  }

  /** The source check is not vacuous: the planted unused upward import of the fixture is caught, and the used one. */
  @Test
  void theSourceCheckCatchesAnUnusedUpwardImport() throws IOException {
    String root = "io.github.vwbinlog.core.architecture.fixture";
    assertThat(upwardImports(sourcesOf("test", root), root)).containsExactly(
        "UnusedUpward.java: import " + root + ".join.Downward (layer framing may not use layer join)",
        "Upward.java: import " + root + ".join.Downward (layer text may not use layer join)");
    // The compiled classes keep no trace of the unused import: only the source check sees it.
    assertThat(layers(root).evaluate(new ClassFileImporter().importPackages(root)).getFailureReport().getDetails())
        .noneMatch(d -> d.contains("UnusedUpward"));
  }

  /** The rules are not vacuous: the planted upward import and cycle of the fixture packages are caught. */
  @Test
  void rulesCatchAnUpwardImportAndACycle() {
    String root = "io.github.vwbinlog.core.architecture.fixture";
    JavaClasses fixture = new ClassFileImporter().importPackages(root);

    EvaluationResult upward = layers(root).evaluate(fixture);
    assertThat(upward.hasViolation()).isTrue();
    assertThat(upward.getFailureReport().getDetails())
        .anyMatch(d -> d.contains("fixture.text.Upward") && d.contains("fixture.join.Downward"));

    EvaluationResult cycle = noCycles(root).evaluate(fixture);
    assertThat(cycle.hasViolation()).isTrue();
  }
}
