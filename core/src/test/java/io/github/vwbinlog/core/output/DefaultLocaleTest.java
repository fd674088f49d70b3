package io.github.vwbinlog.core.output;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.DiagnosticListener;
import io.github.vwbinlog.ReadOptions;
import io.github.vwbinlog.TimeStamp;
import io.github.vwbinlog.core.conformance.Corpus;
import io.github.vwbinlog.join.DsjsonConverter;
import io.github.vwbinlog.join.JoinMetrics;
import io.github.vwbinlog.join.JoinOptions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Locale;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * DSJSON bytes and metric times do not depend on the JVM's default locale (SPEC §5, §8): locales whose digits are not
 * ASCII must not change a time stamp.
 */
class DefaultLocaleTest {

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"ar-EG", "fa-IR", "hi-IN-u-nu-deva", "th-TH-u-nu-thai", "tr-TR"})
  void conversionIsTheSameUnderAnyDefaultLocale(String tag) throws IOException {
    Locale saved = Locale.getDefault();
    Locale.setDefault(Locale.forLanguageTag(tag));
    try {
      assertThat(TimeStamp.of(2021, 4, 13, 15, 8, 46).format()).isEqualTo("2021-04-13T15:08:46.000000Z");
      String file = "valid_joined_logs/ccb_simple.log";
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      JoinMetrics metrics = DsjsonConverter.of(JoinOptions.defaults().withReadOptions(ReadOptions.defaults()
          .withListener(DiagnosticListener.ignoring()))).convert(Corpus.resolve("files/" + file), out).metrics();
      assertThat(out.toByteArray()).isEqualTo(Files.readAllBytes(Corpus.resolve("reference/" + file + ".dsjson")));
      assertThat(metrics.firstEventTime()).isEqualTo("2021-06-09T12:08:00.000000Z");
    } finally {
      Locale.setDefault(saved);
    }
  }
}
