package io.github.vwbinlog.core.flatbuf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.google.flatbuffers.FlatBufferBuilder;
import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.FileHeader;
import io.github.vwbinlog.LearningMode;
import io.github.vwbinlog.MalformedDataException;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.MessageType;
import io.github.vwbinlog.ProblemType;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.RewardFunction;
import io.github.vwbinlog.TimeStamp;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.stream.Collectors;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import reinforcement_learning.messages.flatbuff.v2.KeyValue;

/** Checkpoints and headers decode to the public records: from the corpus, through the public API, and corrupt. */
class DecodersTest {

  private static List<CheckpointInfo> checkpoints(String file) {
    // Through the public API: Message.Checkpoint#checkpointInfo() reaches CoreProvider through the ServiceLoader.
    return Corpus.messages(file).stream()
        .filter(m -> m instanceof Message.Checkpoint)
        .map(m -> ((Message.Checkpoint) m).checkpointInfo())
        .collect(Collectors.toList());
  }

  /** The {@code file_checkpoints} of cases.json for a handful of files, including every non-default value. */
  @ParameterizedTest(name = "{0}")
  @CsvSource({
      "invalid_joined_logs/empty_msg_hdr.log, UNKNOWN, AVERAGE, 0.3, ONLINE, false",
      "valid_joined_logs/cb_simple.log, CB, EARLIEST, 0.0, ONLINE, false",
      "valid_joined_logs/ccb_sum_reward_100_interactions.fb, CCB, SUM, 0.0, ONLINE, false",
      "valid_joined_logs/slates_deferred_actions_w_activations_10.fb, SLATES, AVERAGE, 0.0, ONLINE, false",
      "valid_joined_logs/ca_loop_simple.fb, CA, EARLIEST, 0.0, ONLINE, false",
      "valid_joined_logs/cb_apprentice_5.log, CB, EARLIEST, 0.0, APPRENTICE, false",
      "derived/reward_functions__cb_float__min.joined.fb, CB, MIN, -1000.0, ONLINE, false",
      "derived/reward_functions__ccb_slot_index__max.joined.fb, CCB, MAX, -1000.0, ONLINE, false",
      "derived/reward_functions__ca_float__median.joined.fb, CA, MEDIAN, -1000.0, ONLINE, false",
      "derived/client_and_enqueued_time__test_use_client_time_missing_and_configured_to_true.joined.fb, "
          + "CB, EARLIEST, 0.0, ONLINE, true",
  })
  void corpusCheckpointsDecodeAsCasesJsonSays(String file, ProblemType problemType, RewardFunction reward,
      float defaultReward, LearningMode learningMode, boolean useClientTime) {
    assertThat(checkpoints(file)).containsExactly(
        new CheckpointInfo(reward, defaultReward, learningMode, problemType, useClientTime));
  }

  @Test
  void anEmptyCheckpointInfoGivesTheSchemaDefaults() {
    // incomplete_checkpoint_info.log: a 12-byte CheckpointInfo with no fields (SPEC §3.2).
    List<Message> messages = Corpus.messages("invalid_joined_logs/incomplete_checkpoint_info.log");
    Message.Checkpoint c = (Message.Checkpoint) messages.stream()
        .filter(m -> m instanceof Message.Checkpoint).findFirst().orElseThrow();
    assertThat(c.payloadSize()).isEqualTo(12);
    assertThat(c.checkpointInfo()).isEqualTo(CheckpointInfo.DEFAULTS);
  }

  @Test
  void averageRewardHasTwoIdenticalCheckpoints() {
    assertThat(checkpoints("valid_joined_logs/average_reward_100_interactions.fb")).containsExactly(
        CheckpointInfo.of(ProblemType.CB).withRewardFunction(RewardFunction.AVERAGE),
        CheckpointInfo.of(ProblemType.CB).withRewardFunction(RewardFunction.AVERAGE));
  }

  @Test
  void everyCorpusCheckpointAndHeaderDecodes() {
    int checkpoints = 0;
    int headers = 0;
    for (String file : Corpus.joinedLogs()) {
      for (Message m : Corpus.messages(file)) {
        if (m instanceof Message.Checkpoint c) {
          assertThat(c.checkpointInfo().problemType()).as(file).isNotEqualTo(ProblemType.UNRECOGNIZED);
          checkpoints++;
        } else if (m instanceof Message.Header h) {
          assertThat(h.fileHeader()).as(file).isNotNull();
          headers++;
        }
      }
    }
    assertThat(checkpoints).isGreaterThanOrEqualTo(90);
    assertThat(headers).isGreaterThanOrEqualTo(40);
  }

  @Test
  void theCorpusHeaderHasAJoinTimeAndNoProperties() {
    // cases.json, empty_msg_hdr: "HEADER is a FileHeader with join_time and an EMPTY properties vector".
    Message.Header h = (Message.Header) Corpus.messages("invalid_joined_logs/empty_msg_hdr.log").stream()
        .filter(m -> m instanceof Message.Header).findFirst().orElseThrow();
    FileHeader header = h.fileHeader();
    assertThat(header.joinTime()).isNotNull();
    assertThat(header.joinTime().year()).isBetween(2000, 2100);
    assertThat(header.properties()).isEmpty();
  }

  @Test
  void outOfRangeCodesBecomeUnrecognized() {
    byte[] b = Samples.checkpointInfo(6, -1f, 3, 6, true);
    assertThat(Decoders.checkpointInfo(ByteBuffer.wrap(b), 0, ReadLimits.defaults())).isEqualTo(new CheckpointInfo(
        RewardFunction.UNRECOGNIZED, -1f, LearningMode.UNRECOGNIZED, ProblemType.UNRECOGNIZED, true));
    b = Samples.checkpointInfo(255, 0.5f, 255, 255, false);
    assertThat(Decoders.checkpointInfo(ByteBuffer.wrap(b), 0, ReadLimits.defaults())).isEqualTo(new CheckpointInfo(
        RewardFunction.UNRECOGNIZED, 0.5f, LearningMode.UNRECOGNIZED, ProblemType.UNRECOGNIZED, false));
    b = Samples.checkpointInfo(5, 0.5f, 2, 5, false);
    assertThat(Decoders.checkpointInfo(ByteBuffer.wrap(b), 0, ReadLimits.defaults())).isEqualTo(new CheckpointInfo(
        RewardFunction.MAX, 0.5f, LearningMode.LOGGING_ONLY, ProblemType.MULTISTEP, false));
  }

  @Test
  void anyNonZeroByteIsTrueForUseClientTime() {
    byte[] b = Samples.checkpointInfo(0, 0f, 0, 1, true);
    int at = Bytes.field(b, Bytes.root(b), 4);
    b[at] = 7;
    assertThat(Decoders.checkpointInfo(ByteBuffer.wrap(b), 0, ReadLimits.defaults()).useClientTime()).isTrue();
  }

  @Test
  void theDecoderReadsFromThePositionToTheLimitAndLeavesTheBufferAlone() {
    byte[] cp = Samples.checkpointInfo();
    byte[] big = new byte[cp.length + 6];
    System.arraycopy(cp, 0, big, 2, cp.length);
    ByteBuffer b = ByteBuffer.wrap(big).position(2).limit(2 + cp.length).order(ByteOrder.BIG_ENDIAN);
    CheckpointInfo info = Decoders.checkpointInfo(b, 0, ReadLimits.defaults());
    assertThat(info).isEqualTo(new CheckpointInfo(RewardFunction.AVERAGE, 0.3f, LearningMode.APPRENTICE,
        ProblemType.CCB, true));
    assertThat(b.position()).isEqualTo(2);
    assertThat(b.limit()).isEqualTo(2 + cp.length);
    assertThat(b.order()).isEqualTo(ByteOrder.BIG_ENDIAN);
  }

  @Test
  void aCorruptCheckpointIsMalformed() {
    byte[] b = Samples.checkpointInfo();
    Bytes.putInt(b, 0, b.length);
    MalformedDataException e = malformed(() -> Decoders.checkpointInfo(ByteBuffer.wrap(b), 4242,
        ReadLimits.defaults()), DiagnosticReason.MALFORMED_CHECKPOINT, 4242, MessageType.CHECKPOINT,
        "the CheckpointInfo", "the root offset at 0 points to " + b.length + ", outside the buffer (size " + b.length
            + ")");
    assertThat(e.getMessage()).isEqualTo("malformed checkpoint at offset 4242: the CheckpointInfo of the "
        + "CHECKPOINT message: " + e.problem());
    // Too short to be a flatbuffer at all, through the public API.
    Message.Checkpoint tiny = new Message.Checkpoint(16, ByteBuffer.allocate(4));
    assertThatThrownBy(tiny::checkpointInfo).isInstanceOf(MalformedDataException.class)
        .hasMessageContaining("less than the 12 of the smallest flatbuffer");
  }

  @Test
  void aHeaderDecodesWithItsPropertiesInOrder() {
    FileHeader h = Decoders.fileHeader(ByteBuffer.wrap(Samples.fileHeader("a", "1", "b", "2", "a", "3")), 0,
        ReadLimits.defaults());
    assertThat(h.joinTime()).isEqualTo(new TimeStamp(2021, 4, 13, 15, 8, 46, 123456));
    assertThat(h.properties()).containsExactly(new FileHeader.Property("a", "1"), new FileHeader.Property("b", "2"),
        new FileHeader.Property("a", "3"));
    assertThat(h.property("a")).contains("1");
  }

  @Test
  void absentHeaderFieldsAreNullAndMalformedUtf8IsReplaced() {
    FlatBufferBuilder fb = new FlatBufferBuilder();
    // A key with a truncated two-byte UTF-8 sequence: it decodes as "k\uFFFD", where flatc's getter would throw.
    int key = fb.createString(ByteBuffer.wrap(new byte[] {'k', (byte) 0xC3}));
    int onlyKey = KeyValue.createKeyValue(fb, key, 0);
    int onlyValue = KeyValue.createKeyValue(fb, 0, fb.createString("v"));
    int props = reinforcement_learning.messages.flatbuff.v2.FileHeader.createPropertiesVector(fb,
        new int[] {onlyKey, onlyValue});
    reinforcement_learning.messages.flatbuff.v2.FileHeader.startFileHeader(fb);
    reinforcement_learning.messages.flatbuff.v2.FileHeader.addProperties(fb, props);
    fb.finish(reinforcement_learning.messages.flatbuff.v2.FileHeader.endFileHeader(fb));

    FileHeader h = Decoders.fileHeader(ByteBuffer.wrap(fb.sizedByteArray()), 0, ReadLimits.defaults());
    assertThat(h.joinTime()).isNull();
    assertThat(h.properties()).containsExactly(new FileHeader.Property("k\uFFFD", null),
        new FileHeader.Property(null, "v"));
  }

  @Test
  void theYearIsSigned() {
    FlatBufferBuilder fb = new FlatBufferBuilder();
    reinforcement_learning.messages.flatbuff.v2.FileHeader.startFileHeader(fb);
    reinforcement_learning.messages.flatbuff.v2.FileHeader.addJoinTime(fb,
        reinforcement_learning.messages.flatbuff.v2.TimeStamp.createTimeStamp(fb, 0xFFFF, 255, 0, 1, 2, 3,
            0xFFFF_FFFFL));
    fb.finish(reinforcement_learning.messages.flatbuff.v2.FileHeader.endFileHeader(fb));
    FileHeader h = Decoders.fileHeader(ByteBuffer.wrap(fb.sizedByteArray()), 0, ReadLimits.defaults());
    assertThat(h.joinTime()).isEqualTo(new TimeStamp(-1, 255, 0, 1, 2, 3, 0xFFFF_FFFFL));
    assertThat(h.properties()).isEmpty();
  }

  @Test
  void aCorruptHeaderIsAMalformedPayload() {
    byte[] b = Samples.fileHeader();
    int v = Bytes.target(b, Bytes.root(b), 1);
    Bytes.putInt(b, v, 0xFFFF_FFFF);
    malformed(() -> Decoders.fileHeader(ByteBuffer.wrap(b), 8, ReadLimits.defaults()),
        DiagnosticReason.MALFORMED_PAYLOAD, 8, MessageType.HEADER, "the FileHeader", "vector FileHeader.properties at "
            + v + " declares 4294967295 elements of 4 bytes, more than a flatbuffer can hold");
    Message.Header viaApi = new Message.Header(8, ByteBuffer.wrap(b));
    assertThatThrownBy(viaApi::fileHeader).isInstanceOf(MalformedDataException.class);
  }
  /** Asserts that {@code decode} throws a {@link MalformedDataException} made of these parts; returns it. */
  private static MalformedDataException malformed(ThrowingCallable decode, DiagnosticReason reason, long offset,
      MessageType type, String reading, String problem) {
    Throwable thrown = catchThrowable(decode);
    assertThat(thrown).isInstanceOf(MalformedDataException.class);
    MalformedDataException e = (MalformedDataException) thrown;
    assertThat(e.reason()).isEqualTo(reason);
    assertThat(e.offset()).isEqualTo(offset);
    assertThat(e.messageType()).isEqualTo(type);
    assertThat(e.reading()).isEqualTo(reading);
    assertThat(e.problem()).isEqualTo(problem);
    return e;
  }
}
