package io.github.vwbinlog.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.BeforeAll;

/**
 * Fuzz target (a), the reader: any bytes through {@code BinaryLogReader.of(bytes)} and a stream, every message read
 * and every checkpoint and header decoded. See {@link Outcomes#read}.
 *
 * <p>{@code mvn -pl fuzz -am verify} runs it in regression mode and then fuzzes it for {@code fuzz.seconds}; a long
 * campaign is in docs/ROBUSTNESS.md.
 */
class ReaderFuzzTest {

  @BeforeAll
  static void seeds() {
    Seeds.plant(ReaderFuzzTest.class, "read", Seeds.joinedLogSeeds());
  }

  @FuzzTest
  void read(byte[] data) {
    Outcomes.read(data);
  }
}
