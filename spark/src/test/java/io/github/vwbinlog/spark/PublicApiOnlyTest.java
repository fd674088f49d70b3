package io.github.vwbinlog.spark;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The data source is a user of the library like any other: its code uses the public API only, never core's internals
 * (docs/ARCHITECTURE.md), so that it keeps working as core changes and needs core only at run time.
 */
class PublicApiOnlyTest {

  @Test
  void theDataSourceUsesThePublicApiOnly() {
    JavaClasses spark = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("io.github.vwbinlog.spark");
    noClasses().that().resideInAPackage("io.github.vwbinlog.spark..")
        .should().dependOnClassesThat().resideInAPackage("io.github.vwbinlog.core..")
        .check(spark);
  }
}
