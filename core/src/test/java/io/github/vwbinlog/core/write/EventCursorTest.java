package io.github.vwbinlog.core.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.BinaryLogWriter;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.core.view.EventCursor;
import io.github.vwbinlog.event.CaEvent;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.DedupInfo;
import io.github.vwbinlog.event.EventPayload;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.MultiSlotEvent;
import io.github.vwbinlog.event.OutcomeEvent;
import io.github.vwbinlog.event.SlotEvent;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The flyweight {@link EventCursor} reads every field as the record decoder does, on random writer-made events of
 * every payload type, zstd included.
 */
class EventCursorTest {

  @Test
  void cursorReadsWhatTheRecordsHold() {
    int compared = 0;
    EventCursor cursor = new EventCursor(ReadLimits.defaults());
    for (int seed = 0; seed < 300; seed++) {
      RandomEvents gen = new RandomEvents(new Random(seed));
      List<JoinedEvent> written = gen.joinedEvents();
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      try (BinaryLogWriter writer = BinaryLogWriter.to(out)) {
        writer.regular(written);
      }
      try (BinaryLogReader reader = BinaryLogReader.of(out.toByteArray())) {
        for (Message m : reader) {
          Message.Regular r = (Message.Regular) m;
          ByteBuffer p = r.payload();
          assertThat(cursor.reset(p, p.position(), p.remaining())).isTrue();
          List<JoinedEvent> decoded = r.joinedEvents();
          assertThat(cursor.size()).isEqualTo(decoded.size());
          for (int i = 0; i < decoded.size(); i++) {
            assertThat(cursor.select(i)).as("seed %d event %d %s %s", seed, i,
                decoded.get(i).event().meta().payloadType(), decoded.get(i).event().meta().encoding()).isTrue();
            compare(cursor, decoded.get(i), "seed " + seed + " event " + i);
            compared++;
          }
        }
      }
    }
    assertThat(compared).isGreaterThan(500);
  }

  private static String text(ByteBuffer b, int index, int length) {
    if (index < 0) {
      return null;
    }
    byte[] bytes = new byte[length];
    b.get(index, bytes);
    return new String(bytes, StandardCharsets.UTF_8);
  }

  private static byte[] bytes(ByteBuffer b, int index, int length) {
    byte[] bytes = new byte[length];
    b.get(index, bytes);
    return bytes;
  }

  private static byte[] bytes(ByteBuffer b) {
    byte[] bytes = new byte[b.remaining()];
    b.duplicate().get(bytes);
    return bytes;
  }

  private static void compare(EventCursor c, JoinedEvent e, String what) {
    Metadata meta = e.event().meta();
    assertThat(c.enqueuedSecond()).as(what).isEqualTo(e.timestamp().epochSecond());
    assertThat(c.enqueuedSubsecond()).as(what).isEqualTo(e.timestamp().subsecond());
    assertThat(text(c.buffer(), c.idIndex(), c.idLength())).as(what).isEqualTo(meta.id());
    assertThat(text(c.buffer(), c.appIdIndex(), c.appIdLength())).as(what).isEqualTo(meta.appId());
    assertThat(c.hasClientTime()).as(what).isEqualTo(meta.clientTime() != null);
    if (meta.clientTime() != null) {
      assertThat(c.clientSecond()).as(what).isEqualTo(meta.clientTime().epochSecond());
    }
    assertThat(c.payloadType()).as(what).isEqualTo(meta.payloadType());
    assertThat(Float.floatToRawIntBits(c.passProbability())).as(what)
        .isEqualTo(Float.floatToRawIntBits(meta.passProbability()));
    assertThat(c.zstd()).as(what).isEqualTo(meta.encoding() == io.github.vwbinlog.EventEncoding.ZSTD);
    EventPayload payload = e.event().payload();
    ByteBuffer p = c.payloadBuffer();
    if (payload instanceof CbEvent cb) {
      List<Long> actions = new ArrayList<>();
      for (int k = 0; k < c.actionCount(); k++) {
        actions.add(c.action(k));
      }
      assertThat(actions).as(what).isEqualTo(cb.actionIds());
      List<Float> probabilities = new ArrayList<>();
      for (int k = 0; k < c.probabilityCount(); k++) {
        probabilities.add(c.probability(k));
      }
      assertThat(probabilities).as(what).isEqualTo(cb.probabilities());
      assertThat(bytes(p, c.contextIndex(), c.contextLength())).as(what).isEqualTo(bytes(cb.context()));
      assertThat(c.modelIdIndex() < 0 ? "N/A" : text(p, c.modelIdIndex(), c.modelIdLength())).as(what)
          .isEqualTo(cb.modelId());
      assertThat(c.deferred()).as(what).isEqualTo(cb.deferredAction());
      assertThat(c.learningMode()).as(what).isEqualTo(cb.learningMode());
    } else if (payload instanceof MultiSlotEvent ms) {
      assertThat(c.slotCount()).as(what).isEqualTo(ms.slots().size());
      for (int s = 0; s < c.slotCount(); s++) {
        c.slot(s);
        SlotEvent slot = ms.slots().get(s);
        List<Long> actions = new ArrayList<>();
        for (int k = 0; k < c.slotActionCount(); k++) {
          actions.add(c.slotAction(k));
        }
        assertThat(actions).as(what).isEqualTo(slot.actionIds());
        List<Float> probabilities = new ArrayList<>();
        for (int k = 0; k < c.slotProbabilityCount(); k++) {
          probabilities.add(c.slotProbability(k));
        }
        assertThat(probabilities).as(what).isEqualTo(slot.probabilities());
        assertThat(text(p, c.slotIdIndex(), c.slotIdLength())).as(what).isEqualTo(slot.id());
      }
      List<Integer> baseline = new ArrayList<>();
      for (int k = 0; k < c.baselineCount(); k++) {
        baseline.add(c.baseline(k));
      }
      assertThat(baseline).as(what).isEqualTo(ms.baselineActions());
      assertThat(bytes(p, c.contextIndex(), c.contextLength())).as(what).isEqualTo(bytes(ms.context()));
      assertThat(c.deferred()).as(what).isEqualTo(ms.deferredAction());
      assertThat(c.learningMode()).as(what).isEqualTo(ms.learningMode());
    } else if (payload instanceof CaEvent ca) {
      assertThat(Float.floatToRawIntBits(c.caAction())).as(what).isEqualTo(Float.floatToRawIntBits(ca.action()));
      assertThat(Float.floatToRawIntBits(c.pdfValue())).as(what).isEqualTo(Float.floatToRawIntBits(ca.pdfValue()));
      assertThat(bytes(p, c.contextIndex(), c.contextLength())).as(what).isEqualTo(bytes(ca.context()));
      assertThat(c.deferred()).as(what).isEqualTo(ca.deferredAction());
    } else if (payload instanceof OutcomeEvent o) {
      assertThat(c.actionTaken()).as(what).isEqualTo(o.actionTaken());
      if (o.valueKind() == OutcomeEvent.Kind.NUMERIC) {
        assertThat(c.valueTag()).as(what).isEqualTo(1);
        assertThat(Float.floatToRawIntBits(c.numericValue())).as(what).isEqualTo(Float.floatToRawIntBits(o.value()));
      } else if (o.valueKind() == OutcomeEvent.Kind.LITERAL) {
        assertThat(text(p, c.literalValueIndex(), c.literalValueLength())).as(what).isEqualTo(o.literalValue());
      }
      if (o.indexKind() == OutcomeEvent.Kind.NUMERIC) {
        assertThat(c.numericIndex()).as(what).isEqualTo(o.numericIndex());
      } else if (o.indexKind() == OutcomeEvent.Kind.LITERAL) {
        assertThat(text(p, c.literalIndexIndex(), c.literalIndexLength())).as(what).isEqualTo(o.literalIndex());
      }
    } else if (payload instanceof DedupInfo d) {
      assertThat(c.dedupIdCount()).as(what).isEqualTo(d.ids().size());
      for (int k = 0; k < c.dedupIdCount(); k++) {
        assertThat(c.dedupId(k)).as(what).isEqualTo(d.ids().get(k));
      }
      for (int k = 0; k < c.dedupValueCount(); k++) {
        assertThat(text(p, c.dedupValueIndex(k), c.dedupValueLength(k))).as(what).isEqualTo(d.values().get(k));
      }
    } else {
      assertThat(meta.payloadType()).isIn(PayloadType.MULTI_STEP, PayloadType.EPISODE);
    }
  }
}
