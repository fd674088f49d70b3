package io.github.vwbinlog.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.BeforeAll;

/**
 * Fuzz target (b), the joiner and converter: any bytes, seeded with the corpus joined logs, converted to DSJSON with
 * options chosen by the input's length (default, a sticky problem type, or multistep), lenient and strict. See
 * {@link Outcomes#convert}: valid JSON lines only, accounting, strict mode stops at the first error.
 */
class ConverterFuzzTest {

  @BeforeAll
  static void seeds() {
    Seeds.plant(ConverterFuzzTest.class, "convert", Seeds.joinedLogSeeds());
  }

  @FuzzTest
  void convert(byte[] data) {
    Outcomes.convert(data, Outcomes.joinOptions(data.length));
  }
}
