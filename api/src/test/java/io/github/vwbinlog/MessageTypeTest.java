package io.github.vwbinlog;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** SPEC §1's type values. */
class MessageTypeTest {

  @Test
  void theFiveTypeValues() {
    assertThat(MessageType.of(0x42465756)).isEqualTo(MessageType.FILEMAGIC);
    assertThat(MessageType.of(0x55555555)).isEqualTo(MessageType.HEADER);
    assertThat(MessageType.of(0x11111111)).isEqualTo(MessageType.CHECKPOINT);
    assertThat(MessageType.of(0xFFFFFFFF)).isEqualTo(MessageType.REGULAR);
    assertThat(MessageType.of(0xAAAAAAAA)).isEqualTo(MessageType.EOF);
    for (MessageType t : MessageType.values()) {
      if (t != MessageType.UNKNOWN) {
        assertThat(MessageType.of(t.code())).isEqualTo(t);
        assertThat(MessageType.describe(t.code())).isEqualTo(t.name());
      }
    }
  }

  @Test
  void everythingElseIsUnknownAndDescribedInUppercaseHex() {
    assertThat(MessageType.of(0)).isEqualTo(MessageType.UNKNOWN);
    assertThat(MessageType.of(0x43465756)).isEqualTo(MessageType.UNKNOWN);
    assertThat(MessageType.describe(0x1aaaaaaa)).isEqualTo("UNKNOWN(0x1AAAAAAA)");
    assertThat(MessageType.describe(0)).isEqualTo("UNKNOWN(0x00000000)");
    assertThat(MessageType.describe(0xAAAAAAAB)).isEqualTo("UNKNOWN(0xAAAAAAAB)");
  }
}
