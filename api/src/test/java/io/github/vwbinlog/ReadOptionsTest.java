package io.github.vwbinlog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Immutable options and limits with documented defaults. */
class ReadOptionsTest {

  @Test
  void defaults() {
    ReadOptions d = ReadOptions.defaults();
    assertThat(d.features()).isEmpty();
    assertThat(d.limits()).isEqualTo(ReadLimits.defaults());
    assertThat(d.listener()).isSameAs(DiagnosticListener.logging());
    assertThat(d.mapWindowSize()).isEqualTo(1L << 30);
    for (ReadFeature f : ReadFeature.values()) {
      assertThat(d.isEnabled(f)).isEqualTo(f.enabledByDefault());
    }
  }

  @Test
  void withReturnsChangedCopies() {
    ReadOptions d = ReadOptions.defaults();
    ReadOptions lenient = d.with(ReadFeature.LENIENT, ReadFeature.INCLUDE_UNKNOWN_MESSAGES);

    assertThat(lenient.isEnabled(ReadFeature.LENIENT)).isTrue();
    assertThat(d.isEnabled(ReadFeature.LENIENT)).isFalse();
    assertThat(lenient.without(ReadFeature.LENIENT).features()).containsExactly(ReadFeature.INCLUDE_UNKNOWN_MESSAGES);
    assertThatThrownBy(() -> lenient.features().add(ReadFeature.LENIENT))
        .isInstanceOf(UnsupportedOperationException.class);
    DiagnosticListener listener = diagnostic -> {};
    assertThat(d.withListener(listener).listener()).isSameAs(listener);
    assertThat(d.withMapWindowSize(4096).mapWindowSize()).isEqualTo(4096);
    assertThat(d.mapWindowSize()).isEqualTo(ReadOptions.DEFAULT_MAP_WINDOW_SIZE);
  }

  @Test
  void mapWindowSizeBounds() {
    assertThatThrownBy(() -> ReadOptions.defaults().withMapWindowSize(4095))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> ReadOptions.defaults().withMapWindowSize(Integer.MAX_VALUE + 1L))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(ReadOptions.defaults().withMapWindowSize(Integer.MAX_VALUE).mapWindowSize())
        .isEqualTo(Integer.MAX_VALUE);
  }

  @Test
  void limitsBuilder() {
    ReadLimits limits = ReadLimits.builder().maxMessageSize(64).maxDepth(8).build();

    assertThat(limits.maxMessageSize()).isEqualTo(64);
    assertThat(limits.maxDepth()).isEqualTo(8);
    assertThat(limits.maxTables()).isEqualTo(ReadLimits.DEFAULT_MAX_TABLES);
    assertThat(limits.toBuilder().build()).isEqualTo(limits).hasSameHashCodeAs(limits);
    assertThat(limits).isNotEqualTo(ReadLimits.defaults());
    assertThat(ReadLimits.defaults().maxMessageSize()).isEqualTo(1 << 30);
  }

  @Test
  void limitsMustBePositiveAndMessagesFitABuffer() {
    ReadLimits.Builder builder = ReadLimits.builder();
    assertThatThrownBy(() -> builder.maxMessageSize(0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> builder.maxMessageSize(Integer.MAX_VALUE)).isInstanceOf(IllegalArgumentException.class);
    assertThat(builder.build().maxMessageSize()).as("a rejected value is not kept")
        .isEqualTo(ReadLimits.DEFAULT_MAX_MESSAGE_SIZE);
    assertThat(builder.maxMessageSize(Integer.MAX_VALUE - 8).build().maxMessageSize())
        .isEqualTo(Integer.MAX_VALUE - 8);
  }
}
