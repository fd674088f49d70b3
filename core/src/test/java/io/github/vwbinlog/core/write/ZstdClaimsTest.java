package io.github.vwbinlog.core.write;

import static io.github.vwbinlog.core.testing.HostileInputs.cbEvent;
import static io.github.vwbinlog.core.testing.HostileInputs.event;
import static io.github.vwbinlog.core.testing.HostileInputs.joinedPayload;
import static io.github.vwbinlog.core.testing.HostileInputs.log;
import static io.github.vwbinlog.core.testing.HostileInputs.withDeclaredSize;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.luben.zstd.Zstd;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.core.event.ZstdContexts;
import io.github.vwbinlog.join.JoinOptions;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The event scan on zstd payloads whose frame header lies: it checks the declared size with
 * {@link ZstdContexts#declaredSize} as the record decoder does (docs/ROBUSTNESS.md) before it allocates, so a few
 * bytes claiming hundreds of megabytes cost nothing (fuzz's HugeClaimsTest measures the memory), and the decoder's
 * reason and message are reported; the lines from the join's views and from its records agree.
 */
class ZstdClaimsTest {

  @Test
  void declaredSizeRefusesWhatTheRecordDecoderRefusesBeforeAllocating() {
    byte[] frame = Zstd.compress(cbEvent(1, 2));
    int actual = cbEvent(1, 2).length;
    assertThat(declaredSize(frame, 1 << 20)).isEqualTo(actual);
    assertThat(declaredSize(frame, actual)).as("at the limit").isEqualTo(actual);
    assertThat(declaredSize(frame, actual - 1)).as("above the limit").isEqualTo(-1);
    assertThat(declaredSize(new byte[0], 1 << 20)).as("empty").isEqualTo(-1);
    assertThat(declaredSize(new byte[] {1, 2, 3, 4, 5, 6, 7, 8}, 1 << 20)).as("not zstd").isEqualTo(-1);
    byte[] claim = withDeclaredSize(frame, 200L << 20);
    assertThat(declaredSize(claim, 256 << 20)).as("more than %d bytes can hold", claim.length).isEqualTo(-1);
    // n bytes hold at most n / 3 blocks of 128 KiB: a claim just within that bound passes this check.
    long bound = claim.length / 3 * (128L << 10);
    assertThat(declaredSize(withDeclaredSize(frame, bound), Integer.MAX_VALUE)).isEqualTo(bound);
  }

  /** Both forms, which must agree: the array one (the scan) at an offset, the direct buffer one (the cursor). */
  private static long declaredSize(byte[] payload, int maxSize) {
    ByteBuffer direct = ByteBuffer.allocateDirect(Math.max(1, payload.length)).put(payload).flip();
    long fromBuffer = ZstdContexts.declaredSize(direct, payload.length, maxSize);
    byte[] padded = new byte[payload.length + 5];
    System.arraycopy(payload, 0, padded, 3, payload.length);
    assertThat(ZstdContexts.declaredSize(padded, 3, payload.length, maxSize)).isEqualTo(fromBuffer);
    return fromBuffer;
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
      "a frame claiming 200 MiB in a few bytes, 209715200, DECOMPRESSION_FAILED, 'declares 209715200 bytes, more than'",
      "a frame claiming 4 GiB, 4294967296, LIMIT_EXCEEDED, 'decompressed size (4294967296) exceeds the maximum'",
      "an empty zstd payload, -1, DECOMPRESSION_FAILED, 'the zstd payload is empty'"})
  void claimsAreCheckedBeforeAnythingIsAllocated(String what, long claim, DiagnosticReason reason, String message)
      throws IOException {
    byte[] payload = claim < 0 ? new byte[0] : withDeclaredSize(Zstd.compress(cbEvent(1, 2)), claim);
    byte[] joined = joinedPayload(List.of(event("claim", 1, payload), event("fine", 0, cbEvent(3, 4))));
    byte[] log = log(joined);
    JoinOptions options = JoinOptions.defaults();

    ViewRecordEquivalenceTest.Run records = ViewRecordEquivalenceTest.recordPath(log, options);
    ViewRecordEquivalenceTest.Run converted = ViewRecordEquivalenceTest.converter(log, options);

    assertThat(converted.output()).isEqualTo(records.output());
    assertThat(converted.summary()).isEqualTo(records.summary());
    assertThat(converted.diagnostics()).isEqualTo(records.diagnostics())
        .anySatisfy(d -> {
          assertThat(d.reason()).isEqualTo(reason);
          assertThat(d.message()).contains(message);
        });
    assertThat(new String(converted.output(), StandardCharsets.UTF_8)).contains("\"EventId\":\"fine\"");
  }
}
