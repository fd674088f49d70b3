package io.github.vwbinlog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import org.junit.jupiter.api.Test;

/** Every exception says where, in which message, what was being read and why. */
class BinaryLogExceptionTest {

  @Test
  void truncatedInput() {
    TruncatedInputException e = new TruncatedInputException(160, 0xFFFF_FFFFL, "the payload", 168, 492,
        100);

    assertThat(e).hasMessage("truncated input at offset 160: the payload of the REGULAR message: needed 492 bytes "
        + "at offset 168, only 100 left");
    assertThat(e.reason()).isEqualTo(DiagnosticReason.TRUNCATED_INPUT);
    assertThat(e.offset()).isEqualTo(160);
    assertThat(e.fieldOffset()).isEqualTo(168);
    assertThat(e.needed()).isEqualTo(492);
    assertThat(e.available()).isEqualTo(100);
    assertThat(e.messageType()).isEqualTo(MessageType.REGULAR);
    assertThat(e.reading()).isEqualTo("the payload");
  }

  @Test
  void truncatedTypeHasNoMessageType() {
    TruncatedInputException e = new TruncatedInputException(664, BinaryLogException.NO_MESSAGE_TYPE,
        "the type of the next message", 664, 4, 2);

    assertThat(e).hasMessage("truncated input at offset 664: the type of the next message: needed 4 bytes at "
        + "offset 664, only 2 left");
    assertThat(e.messageType()).isNull();
    assertThat(e.messageTypeCode()).isEqualTo(BinaryLogException.NO_MESSAGE_TYPE);
  }

  @Test
  void aTypeVwBinlogDoesNotKnowKeepsItsValue() {
    LimitExceededException e = new LimitExceededException(8, 0x43465756L, "payload size", 4294967295L, 1024);

    assertThat(e).hasMessageContaining("the payload size of the UNKNOWN(0x43465756) message");
    assertThat(e.messageType()).isEqualTo(MessageType.UNKNOWN);
    assertThat(e.messageTypeCode()).isEqualTo(0x43465756L);
    assertThatThrownBy(() -> new MalformedDataException(DiagnosticReason.MALFORMED_PAYLOAD, 8, 1L << 32, "x", "y"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void unsupportedVersion() {
    UnsupportedVersionException e = new UnsupportedVersionException(0, 257);

    assertThat(e).hasMessage("unsupported version at offset 0: the version of the FILEMAGIC message: file version "
        + "257 does not match parser version 1");
    assertThat(e.version()).isEqualTo(257);
    assertThat(e.messageType()).isEqualTo(MessageType.FILEMAGIC);
  }

  @Test
  void limitExceeded() {
    LimitExceededException e = new LimitExceededException(8, 0xFFFF_FFFFL, "payload size", 4294967295L,
        1024);

    assertThat(e).hasMessage("limit exceeded at offset 8: the payload size of the REGULAR message: payload size "
        + "(4294967295) exceeds the maximum (1024)");
    assertThat(e.value()).isEqualTo(4294967295L);
    assertThat(e.limit()).isEqualTo(1024);
  }

  @Test
  void ioErrorKeepsItsCause() {
    IOException cause = new IOException("disk on fire");
    BinaryLogIOException e = new BinaryLogIOException(12, "the input", cause);

    assertThat(e.getCause()).isSameAs(cause);
    assertThat(e).hasMessage("io error at offset 12: the input: disk on fire");
  }

  @Test
  void asADiagnostic() {
    Diagnostic d = new UnsupportedVersionException(0, 2).toDiagnostic();

    assertThat(d.reason()).isEqualTo(DiagnosticReason.UNSUPPORTED_VERSION);
    assertThat(d.severity()).isEqualTo(Severity.ERROR);
    assertThat(d.offset()).isZero();
    assertThat(d.eventId()).isNull();
    assertThat(d).hasToString("ERROR UNSUPPORTED_VERSION at offset 0: unsupported version at offset 0: the version "
        + "of the FILEMAGIC message: file version 2 does not match parser version 1");
  }

  @Test
  void framingReasonsAndTheirSeverities() {
    assertThat(DiagnosticReason.TRUNCATED_INPUT.severity()).isEqualTo(Severity.ERROR);
    assertThat(DiagnosticReason.LIMIT_EXCEEDED.severity()).isEqualTo(Severity.ERROR);
    assertThat(DiagnosticReason.UNKNOWN_MESSAGE_TYPE.severity()).isEqualTo(Severity.NOTICE);
  }

  @Test
  void withoutCoreTheReaderSaysWhatToDependOn() {
    for (int i = 0; i < 2; i++) {
      assertThatThrownBy(() -> BinaryLogReader.of(new byte[0])).as("attempt %d", i)
          .isInstanceOf(IllegalStateException.class).hasMessageContaining("io.github.vwbinlog:vw-binlog");
    }
  }
}
