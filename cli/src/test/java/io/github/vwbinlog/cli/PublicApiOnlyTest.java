package io.github.vwbinlog.cli;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The command-line tool is a user of the library like any other: its code uses the public API only, never core's
 * internals (docs/ARCHITECTURE.md), so that everything it can do, an application can do too.
 */
class PublicApiOnlyTest {

  @Test
  void theCliUsesThePublicApiOnly() {
    JavaClasses cli = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("io.github.vwbinlog.cli");
    noClasses().that().resideInAPackage("io.github.vwbinlog.cli..")
        .should().dependOnClassesThat().resideInAPackage("io.github.vwbinlog.core..")
        .check(cli);
  }
}
