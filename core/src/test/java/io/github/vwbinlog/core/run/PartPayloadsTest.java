package io.github.vwbinlog.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.Message;
import io.github.vwbinlog.ReadLimits;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A part of a parallel join reads from the file only the payload of the message it is joining: at the message's offset
 * plus the frame's 8 bytes, of the payload's length; any other read is refused without touching the file.
 */
class PartPayloadsTest {
  @Test
  void readsOnlyThePayloadOfTheMessageBeingJoined() {
    List<long[]> reads = new ArrayList<>();
    ParallelJoin.PartPayloads payloads = new ParallelJoin.PartPayloads((position, length, dst) -> {
      reads.add(new long[] {position, length});
      return true;
    });
    Message.Regular first = new Message.Regular(100, ByteBuffer.allocate(40), ReadLimits.defaults());
    Message.Regular second = new Message.Regular(148, ByteBuffer.allocate(16), ReadLimits.defaults());
    byte[] dst = new byte[64];

    assertThat(payloads.copy(108, 40, dst)).as("before any message").isFalse();
    payloads.joining(first);
    assertThat(payloads.copy(108, 40, dst)).isTrue();
    assertThat(payloads.copy(100, 40, dst)).as("the frame, not the payload").isFalse();
    assertThat(payloads.copy(108, 39, dst)).as("another length").isFalse();
    assertThat(payloads.copy(156, 16, dst)).as("the next message's payload").isFalse();
    payloads.joining(second);
    assertThat(payloads.copy(156, 16, dst)).isTrue();
    assertThat(payloads.copy(108, 40, dst)).as("the message before").isFalse();

    assertThat(reads).extracting(r -> r[0] + "+" + r[1]).containsExactly("108+40", "156+16");
  }

  @Test
  void aReadTheFileRefusesIsRefused() {
    ParallelJoin.PartPayloads payloads = new ParallelJoin.PartPayloads((position, length, dst) -> false);
    payloads.joining(new Message.Regular(0, ByteBuffer.allocate(8), ReadLimits.defaults()));
    assertThat(payloads.copy(8, 8, new byte[8])).isFalse();
  }
}
