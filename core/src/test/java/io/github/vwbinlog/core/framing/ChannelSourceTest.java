package io.github.vwbinlog.core.framing;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.TruncatedInputException;
import io.github.vwbinlog.core.testing.FrameBuilder;
import io.github.vwbinlog.core.testing.ReadResult;
import io.github.vwbinlog.core.testing.TestChannels;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.util.Random;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Streaming input: memory follows the bytes that arrive, not the sizes the stream claims. */
@DisplayName("streams and channels")
class ChannelSourceTest {

  @Test
  @DisplayName("a false claim of 1 GB in a 100-byte stream fails without allocating it")
  void falseSizeClaimCostsOnlyWhatArrives() throws IOException {
    byte[] log = new FrameBuilder().u32(FrameBuilder.REGULAR).u32(1_000_000_000).raw(new byte[92]).toByteArray();
    ChannelSource source = new ChannelSource(Channels.newChannel(new ByteArrayInputStream(log)));
    assertThat(source.fill(4)).isEqualTo(4);
    source.getInt();
    source.fill(4);
    int declared = source.getInt();

    ByteBuffer payload = source.payload(declared);

    assertThat(payload.remaining()).isEqualTo(92);
    assertThat(payload.capacity()).as("bytes allocated for the payload").isLessThanOrEqualTo(64 * 1024);
    assertThat(source.position()).isEqualTo(100);
  }

  @Test
  void theReaderReportsTheClaimAndWhatArrived() {
    byte[] log = new FrameBuilder().fileMagic(1).u32(FrameBuilder.REGULAR).u32(1_000_000_000).raw(new byte[92])
        .toByteArray();

    ReadResult result = ReadResult.readAll(BinaryLogReader.of(new ByteArrayInputStream(log)));

    assertThat(result.messages()).hasSize(1);
    assertThat(result.error()).isInstanceOfSatisfying(TruncatedInputException.class, e -> {
      assertThat(e.needed()).isEqualTo(1_000_000_000);
      assertThat(e.available()).isEqualTo(92);
      assertThat(e.fieldOffset()).isEqualTo(16);
    });
  }

  @Test
  @DisplayName("payload buffers grow with the bytes that arrive and end exactly at the payload size")
  void payloadBuffersGrowToTheirSize() throws IOException {
    byte[] big = FrameBuilder.randomBytes(new Random(3), 1_000_003);
    byte[] log = new FrameBuilder().regular(big).eof().toByteArray();
    ChannelSource source = new ChannelSource(new TestChannels.Trickle(log, 10_000));
    source.fill(8);
    source.getInt();
    source.getInt();

    ByteBuffer payload = source.payload(big.length);

    assertThat(payload).isEqualTo(ByteBuffer.wrap(big));
    assertThat(payload.capacity()).isEqualTo(big.length);
    assertThat(payload.isReadOnly()).isTrue();
  }

  @Test
  void skipsAcrossManyReads() throws IOException {
    ChannelSource source = new ChannelSource(new TestChannels.Trickle(new byte[200_000], 333));
    assertThat(source.skip(150_000)).isEqualTo(150_000);
    assertThat(source.position()).isEqualTo(150_000);
    assertThat(source.skip(60_000)).isEqualTo(50_000);
    assertThat(source.fill(4)).isZero();
  }

  @Test
  void closingTheReaderClosesTheChannel() {
    TestChannels.Trickle channel = new TestChannels.Trickle(new byte[0], 1);
    BinaryLogReader.of(channel, ReadOptions.defaults()).close();
    assertThat(channel.isOpen()).isFalse();
  }
}
