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
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layers of core (docs/ARCHITECTURE.md), checked on the compiled main classes: each package uses only the layers
 * below it, and no two packages use each other. A new import that points up the layers, or a package cycle, fails the
 * build here, naming the classes.
 *
 * <p>Bottom to top: {@code framing}, {@code flatbuf} and {@code text} use nothing else of core; {@code event} reads
 * verified flatbuffers; {@code join} groups, joins and rewards events (and its fast path writes lines with the text
 * primitives); {@code output} writes the lines of joined records; {@code convert} drives them all; {@code write}
 * writes logs; {@code eventfile} reads rlclientlib's event files and {@code logjoin} joins them into a log (with
 * {@code write}, never through {@code join}); the root package ({@code CoreProvider}, {@code EventFileCoreProvider})
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

  /** The layer rule for the packages under {@code root}, which the fixture test applies to a planted violation. */
  static ArchRule layers(String root) {
    return layeredArchitecture().consideringOnlyDependenciesInLayers()
        .layer("framing").definedBy(root + ".framing..")
        .layer("flatbuf").definedBy(root + ".flatbuf..")
        .layer("text").definedBy(root + ".text..")
        .layer("event").definedBy(root + ".event..")
        .layer("join").definedBy(root + ".join..")
        .layer("output").definedBy(root + ".output..")
        .layer("convert").definedBy(root + ".convert..")
        .layer("write").definedBy(root + ".write..")
        .layer("eventfile").definedBy(root + ".eventfile..")
        .layer("logjoin").definedBy(root + ".logjoin..")
        .layer("provider").definedBy(root)
        .whereLayer("framing").mayNotAccessAnyLayer()
        .whereLayer("flatbuf").mayNotAccessAnyLayer()
        .whereLayer("text").mayNotAccessAnyLayer()
        .whereLayer("event").mayOnlyAccessLayers("flatbuf", "text")
        .whereLayer("join").mayOnlyAccessLayers("framing", "flatbuf", "text", "event", "write")
        .whereLayer("output").mayOnlyAccessLayers("framing", "flatbuf", "text", "event", "join")
        .whereLayer("convert").mayOnlyAccessLayers("framing", "flatbuf", "text", "event", "join", "output")
        .whereLayer("write").mayOnlyAccessLayers("framing", "flatbuf", "text")
        .whereLayer("eventfile").mayOnlyAccessLayers("framing", "flatbuf", "text", "event")
        .whereLayer("logjoin").mayOnlyAccessLayers("framing", "flatbuf", "text", "event", "eventfile", "write")
        .whereLayer("provider").mayOnlyAccessLayers("framing", "flatbuf", "text", "event", "join", "output",
            "convert", "write", "eventfile", "logjoin")
        .allowEmptyShould(true);
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
        .allMatch(name -> java.util.Set.of("framing", "flatbuf", "text", "event", "join", "output", "convert",
            "write", "eventfile", "logjoin").contains(name), "a package the layer rule knows");
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
