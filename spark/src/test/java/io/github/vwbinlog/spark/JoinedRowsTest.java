package io.github.vwbinlog.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.event.CaEvent;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.EventPayload;
import io.github.vwbinlog.event.MultiSlotEvent;
import io.github.vwbinlog.join.DsjsonConverter;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinResult;
import io.github.vwbinlog.join.JoinSummary;
import io.github.vwbinlog.join.JoinedEventView;
import io.github.vwbinlog.join.Joiner;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The row adapter without Spark running: rows built from the join's views, one message at a time, hold the values of
 * the events' records (every corpus log); the columns asked for only; each event's line written once.
 */
class JoinedRowsTest {
  private static final Path LOG = SparkReadTest.FILES.resolve("valid_joined_logs/average_reward_100_interactions.fb");

  /** A converter that counts the lines it is asked for. */
  private static final class CountingConverter implements DsjsonConverter {
    final DsjsonConverter real = DsjsonConverter.of(JoinOptions.defaults());
    int lines;

    @Override
    public JoinOptions options() {
      return real.options();
    }

    @Override
    public JoinSummary convert(Path input, OutputStream out) throws IOException {
      return real.convert(input, out);
    }

    @Override
    public JoinSummary convert(BinaryLogReader input, OutputStream out) throws IOException {
      return real.convert(input, out);
    }

    @Override
    public byte[] line(JoinResult result) {
      lines++;
      return real.line(result);
    }

    @Override
    public byte[] line(JoinedEventView view) {
      lines++;
      return real.line(view);
    }
  }

  private static StructType columns(String... names) {
    List<StructField> fields = new ArrayList<>();
    for (String name : names) {
      fields.add(Schemas.JOINED.fields()[Schemas.JOINED.fieldIndex(name)]);
    }
    return new StructType(fields.toArray(new StructField[0]));
  }

  /** Every row of a log, from views through {@link MessageRows}, with the whole schema. */
  private static List<InternalRow> rows(Path log, DsjsonConverter converter, StructType required) throws IOException {
    JoinedRows columns = new JoinedRows("f", required);
    MessageRows messages = new MessageRows(converter, (view, line) -> columns.row(view, view.offset(), null, line));
    List<InternalRow> rows = new ArrayList<>();
    try (Joiner joiner = Joiner.open(log, JoinOptions.defaults())) {
      while (messages.next(joiner)) {
        rows.addAll(messages.rows());
      }
    }
    return rows;
  }

  @Test
  void rowsFromViewsHoldTheRecordsValuesOnEveryCorpusLog() throws IOException {
    DsjsonConverter converter = DsjsonConverter.of(JoinOptions.defaults());
    int compared = 0;
    for (Path log : SparkReadTest.joinedLogs()) {
      List<JoinResult> records = new ArrayList<>();
      List<Long> offsets = new ArrayList<>();
      try (Joiner joiner = Joiner.open(log, JoinOptions.defaults())) {
        for (JoinResult r : joiner) {
          try {
            converter.line(r);
          } catch (io.github.vwbinlog.join.LineRefusedException e) {
            continue; // not a row
          }
          records.add(r);
          offsets.add(joiner.position().offset());
        }
      }
      List<InternalRow> rows = rows(log, converter, Schemas.JOINED);
      assertThat(rows).as(log.toString()).hasSameSizeAs(records);
      for (int i = 0; i < rows.size(); i++) {
        InternalRow row = rows.get(i);
        JoinResult r = records.get(i);
        String at = log.getFileName() + " row " + i;
        assertThat(row.getLong(1)).as(at).isEqualTo(offsets.get(i));
        assertThat(row.getUTF8String(2).toString()).as(at).isEqualTo(r.id());
        assertThat(row.getLong(3)).as(at).isEqualTo(r.timestamp().epochSecond() * 1_000_000L);
        assertThat(row.getFloat(10)).as(at).isEqualTo(r.probability());
        assertThat(row.getFloat(11)).as(at).isEqualTo(r.labelProbability());
        assertThat(row.getFloat(12)).as(at).isEqualTo(r.reward());
        assertThat(row.getFloat(13)).as(at).isEqualTo(r.originalReward());
        assertThat(row.getBoolean(17)).as(at).isEqualTo(r.learnable());
        assertThat(row.getFloat(18)).as(at).isEqualTo(r.pdrop());
        assertThat(row.getFloat(19)).as(at).isEqualTo(r.weight());
        assertThat(row.getUTF8String(22).toString() + "\n").as(at)
            .isEqualTo(new String(converter.line(r), StandardCharsets.UTF_8));
        EventPayload p = r.interaction().event().payload();
        if (p instanceof CbEvent cb) {
          assertThat(row.getArray(8).toLongArray()).as(at)
              .containsExactly(cb.actionIds().stream().mapToLong(Long::longValue).toArray());
          assertThat(row.getArray(9).numElements()).as(at).isEqualTo(cb.probabilities().size());
          assertThat(row.getUTF8String(7) == null ? null : row.getUTF8String(7).toString()).as(at)
              .isEqualTo(cb.modelId());
          assertThat(row.getUTF8String(20).toString()).as(at).isEqualTo(text(cb.context()));
        } else if (p instanceof MultiSlotEvent ms) {
          assertThat(row.getArray(14).numElements()).as(at).isEqualTo(ms.slots().size());
          assertThat(row.getUTF8String(20).toString()).as(at).isEqualTo(text(ms.context()));
        } else if (p instanceof CaEvent ca) {
          assertThat(row.getFloat(15)).as(at).isEqualTo(ca.action());
          assertThat(row.getFloat(16)).as(at).isEqualTo(ca.pdfValue());
        }
        assertThat(row.getArray(21).numElements()).as(at).isEqualTo(r.outcomes().size());
        compared++;
      }
    }
    assertThat(compared).isGreaterThan(300);
  }

  private static String text(ByteBuffer b) {
    byte[] bytes = new byte[b.remaining()];
    b.get(b.position(), bytes);
    return new String(bytes, StandardCharsets.UTF_8);
  }

  @Test
  void onlyTheColumnsAskedForAndEachLineWrittenOnce() throws IOException {
    CountingConverter converter = new CountingConverter();
    List<InternalRow> pruned = rows(LOG, converter, columns("event_id", "reward"));
    assertThat(converter.lines).as("one line per event, to check it").isEqualTo(pruned.size());
    List<InternalRow> withLine = rows(LOG, converter, columns("dsjson", "offset"));
    assertThat(converter.lines).as("the dsjson column is the line checked").isEqualTo(2 * pruned.size());
    List<String> lines;
    try (Joiner joiner = Joiner.open(LOG, JoinOptions.defaults())) {
      lines = joiner.stream().map(r -> new String(converter.real.line(r), StandardCharsets.UTF_8)).toList();
    }
    assertThat(pruned).hasSize(lines.size());
    for (int i = 0; i < lines.size(); i++) {
      assertThat(pruned.get(i).numFields()).isEqualTo(2);
      assertThat(withLine.get(i).getUTF8String(0).toString() + "\n").isEqualTo(lines.get(i));
    }
  }

  @Test
  void aRefusedLineIsARefusalNotARow(@TempDir Path dir) throws IOException {
    Path log = SparkReadTest.refusedLines(dir.resolve("r.log"));
    MessageRows messages = new MessageRows(DsjsonConverter.of(JoinOptions.defaults()),
        (view, line) -> new JoinedRows("f", columns("event_id")).row(view, view.offset(), null, line));
    List<String> refused = new ArrayList<>();
    int rows = 0;
    try (Joiner joiner = Joiner.open(log, JoinOptions.defaults())) {
      while (messages.next(joiner)) {
        rows += messages.rows().size();
        for (MessageRows.Refusal r : messages.refusals()) {
          refused.add(r.refused().eventId() + " " + r.refused().reason());
          assertThat(r.offset()).isPositive();
        }
      }
      assertThat(rows + refused.size()).isEqualTo(joiner.summary().emittedTotal());
    }
    assertThat(refused).hasSize(28).contains("e0-1 NON_FINITE_NUMBER", "e0-3 INVALID_CONTEXT", "e0-7 INVALID_UTF8",
        "e0-8 INVALID_CONTEXT");
  }

  @Test
  void theSettingsAndTheEventsBytesColumns() throws IOException {
    JoinedRows columns = new JoinedRows("f", columns("default_reward", "use_client_time", "joined_events"));
    JoinOptions options = JoinOptions.defaults().withDefaultReward(-2f);
    MessageRows messages = new MessageRows(DsjsonConverter.of(options), (view, line) -> {
      InternalRow row = columns.row(view, view.offset(), ByteBuffer.wrap(new byte[] {1, 2, 3}), line);
      assertThat(columns.row(view, view.offset(), null, line).isNullAt(2)).as("no bytes given").isTrue();
      return row;
    });
    int rows = 0;
    try (Joiner joiner = Joiner.open(LOG, options)) {
      while (messages.next(joiner)) {
        for (InternalRow row : messages.rows()) {
          assertThat(row.getFloat(0)).isEqualTo(-2f);
          assertThat(row.getBoolean(1)).isFalse();
          assertThat(row.getBinary(2)).containsExactly(1, 2, 3);
          rows++;
        }
      }
    }
    assertThat(rows).isEqualTo(100);
    assertThat(columns.needsJoinedEvents()).isTrue();
    assertThat(new JoinedRows("f", columns("dsjson")).needsJoinedEvents()).isFalse();
  }
}
