package io.github.vwbinlog.fuzz;

import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The fuzz targets' bodies over their seeds, as plain tests: every corpus joined log through the reader and the
 * converter (with each of the option sets the converter target chooses from), and every nested buffer of the corpus
 * through the decoder target. Jazzer's own regression mode runs the inputs folders in the test resources (the findings
 * of earlier campaigns); this runs the corpus, which stays in {@code ../shared}.
 */
class SeedRegressionTest {

  @TestFactory
  Stream<DynamicTest> readerAndConverter() {
    return Seeds.joinedLogs().stream().map(log -> DynamicTest.dynamicTest(Seeds.name(log), () -> {
      byte[] data = Seeds.bytes(log);
      Outcomes.read(data);
      for (int options = 0; options < Outcomes.OPTION_SETS; options++) {
        Outcomes.convert(data, Outcomes.joinOptions(options));
      }
    }));
  }

  @TestFactory
  Stream<DynamicTest> decoder() {
    Map<String, byte[]> seeds = DecoderFuzzTest.nestedSeeds();
    return seeds.entrySet().stream().map(e -> DynamicTest.dynamicTest(e.getKey(),
        () -> DecoderFuzzTest.decodeOne(e.getValue())));
  }

}
