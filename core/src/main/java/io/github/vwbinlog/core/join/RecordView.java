package io.github.vwbinlog.core.join;

import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.core.text.JsonBytes;
import io.github.vwbinlog.event.CaEvent;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.EventPayload;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.Metadata;
import io.github.vwbinlog.event.MultiSlotEvent;
import io.github.vwbinlog.event.MultiStepEvent;
import io.github.vwbinlog.event.OutcomeEvent;
import io.github.vwbinlog.event.SlotEvent;
import io.github.vwbinlog.join.JoinResult;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The {@link JoinedView} of a joined record: what the record join, the multistep joiner and users of
 * {@code DsjsonConverter.line} hand to the DSJSON writer. Reusable: {@link #of} points it at another record.
 *
 * <pre>{@code
 * RecordView view = new RecordView();
 * writer.write(view.of(result), out);
 * }</pre>
 *
 * <p>Not thread-safe.
 */
public final class RecordView implements JoinedView {
  private JoinResult result;
  private long offset = -1;
  private CheckpointInfo settings = CheckpointInfo.DEFAULTS;
  private Metadata meta;
  private PayloadType type;
  // The decision, as one of these; the others are null.
  private CbEvent cb;
  private MultiStepEvent step;
  private MultiSlotEvent slots;
  private CaEvent ca;

  /**
   * Points this view at {@code r}.
   *
   * @return this view
   * @throws IllegalArgumentException if {@code r} is not a well-formed joined event: an interaction that is not a
   *     decision, an outcome that is not an {@link OutcomeEvent}, or fewer CCB rewards than slots
   */
  public RecordView of(JoinResult r) {
    EventPayload payload = r.interaction().event().payload();
    PayloadType t = r.payloadType();
    cb = null;
    step = null;
    slots = null;
    ca = null;
    if (payload instanceof CbEvent c) {
      cb = c;
      t = PayloadType.CB;
    } else if (payload instanceof MultiStepEvent s) {
      step = s;
      t = PayloadType.MULTI_STEP;
    } else if (payload instanceof MultiSlotEvent m) {
      if (t != PayloadType.CCB && t != PayloadType.SLATES) {
        throw new IllegalArgumentException("a MultiSlotEvent interaction of payload type " + t);
      }
      slots = m;
      if (t == PayloadType.CCB && (r.rewards().size() < m.slots().size()
          || r.originalRewards().size() < m.slots().size())) {
        // The reward calculator skips such events (SPEC §11 item 6); reaching here is a caller bug, not bad data.
        throw new IllegalArgumentException("CCB event " + r.id() + " has " + m.slots().size() + " slots but "
            + r.rewards().size() + " rewards and " + r.originalRewards().size() + " original rewards");
      }
    } else if (payload instanceof CaEvent c) {
      ca = c;
      t = PayloadType.CA;
    } else {
      throw new IllegalArgumentException("not a decision: " + payload.getClass().getSimpleName());
    }
    checkOutcomes(r.outcomes());
    for (List<JoinedEvent> list : r.slotOutcomes()) {
      checkOutcomes(list);
    }
    result = r;
    meta = r.interaction().event().meta();
    type = t;
    return this;
  }

  private static void checkOutcomes(List<JoinedEvent> outcomes) {
    for (JoinedEvent je : outcomes) {
      if (!(je.event().payload() instanceof OutcomeEvent)) {
        throw new IllegalArgumentException("a joined outcome of event " + je.id() + " holds "
            + je.event().payload().getClass().getSimpleName());
      }
    }
  }

  @Override
  public PayloadType type() {
    return type;
  }

  @Override
  public void eventId(JsonBytes out) {
    out.string(step != null ? step.eventId() : meta.id());
  }

  @Override
  public boolean learnable() {
    return result.learnable();
  }

  @Override
  public boolean eventIdUntilNul(JsonBytes out) {
    if (meta.id().isEmpty()) {
      return false;
    }
    out.stringUntilNul(meta.id());
    return true;
  }

  @Override
  public long epochSecond() {
    return result.timestamp().epochSecond();
  }

  @Override
  public String diagnosticPrefix() {
    return step == null ? "" : "step " + step.eventId() + ": ";
  }

  @Override
  public float passProbability() {
    return meta.passProbability();
  }

  @Override
  public void modelIdUntilNul(JsonBytes out) {
    out.stringUntilNul(cb != null ? cb.modelId() : step != null ? step.modelId()
        : slots != null ? slots.modelId() : ca.modelId());
  }

  @Override
  public JoinResult record() {
    return result;
  }

  @Override
  public String diagnosticId() {
    return result.id();
  }

  private ByteBuffer contextBytes() {
    return cb != null ? cb.context() : step != null ? step.context() : slots != null ? slots.context() : ca.context();
  }

  @Override
  public int contextLength() {
    return contextBytes().remaining();
  }

  @Override
  public void context(JsonBytes out) {
    out.raw(contextBytes());
  }

  @Override
  public float reward(int list) {
    return list == TOP ? result.reward() : result.rewards().get(list);
  }

  @Override
  public int slotCount() {
    return slots == null ? 0 : slots.slots().size();
  }

  @Override
  public float originalReward(int list) {
    return list == TOP ? result.originalReward() : result.originalRewards().get(list);
  }

  private SlotEvent slot(int s) {
    return slots.slots().get(s);
  }

  private List<Long> actions(int list) {
    return list != TOP ? slot(list).actionIds() : cb != null ? cb.actionIds() : step.actionIds();
  }

  @Override
  public int actionCount(int list) {
    return actions(list).size();
  }

  private List<Float> probabilities(int list) {
    return list != TOP ? slot(list).probabilities() : cb != null ? cb.probabilities() : step.probabilities();
  }

  @Override
  public long action(int list, int k) {
    return actions(list).get(k);
  }

  @Override
  public boolean slotId(int s, JsonBytes out) {
    String id = slot(s).id();
    if (id == null) {
      return false;
    }
    out.string(id);
    return true;
  }

  @Override
  public int probabilityCount(int list) {
    return probabilities(list).size();
  }

  private List<JoinedEvent> outcomes(int list) {
    if (list == TOP) {
      return result.outcomes();
    }
    List<List<JoinedEvent>> bySlot = result.slotOutcomes();
    return list < bySlot.size() ? bySlot.get(list) : List.of();
  }

  @Override
  public float probability(int list, int k) {
    return probabilities(list).get(k);
  }

  private OutcomeEvent outcome(int list, int k) {
    return (OutcomeEvent) outcomes(list).get(k).event().payload();
  }

  @Override
  public int outcomeCount(int list) {
    return outcomes(list).size();
  }

  @Override
  public boolean outcomeLiteralIndex(int list, int k, JsonBytes out) {
    OutcomeEvent o = outcome(list, k);
    String literal = o.literalIndex();
    if (o.indexKind() != OutcomeEvent.Kind.LITERAL || literal == null) {
      return false;
    }
    out.string(literal);
    return true;
  }

  @Override
  public boolean outcomeTaken(int list, int k) {
    return outcome(list, k).actionTaken();
  }

  @Override
  public void outcomeId(int list, int k, JsonBytes out) {
    out.string(outcomes(list).get(k).id());
  }

  @Override
  public float outcomeValue(int list, int k) {
    return outcome(list, k).value();
  }

  @Override
  public int outcomeNumericIndex(int list, int k) {
    return outcome(list, k).numericIndex();
  }

  @Override
  public int baselineCount() {
    return slots == null ? 0 : slots.baselineActions().size();
  }

  @Override
  public float caAction() {
    return ca.action();
  }


  @Override
  public int baseline(int k) {
    return slots.baselineActions().get(k);
  }

  @Override
  public float pdfValue() {
    return ca.pdfValue();
  }

  /**
   * Says where the record's event is ({@link #offset()}) and which settings it was joined with ({@link #settings()});
   * until then, -1 and the defaults.
   *
   * @return this view
   */
  public RecordView at(long offset, CheckpointInfo settings) {
    this.offset = offset;
    this.settings = settings;
    return this;
  }

  @Override
  public long offset() {
    return offset;
  }

  @Override
  public CheckpointInfo settings() {
    return settings;
  }

  @Override
  public ByteBuffer eventId() {
    return utf8(result.id());
  }

  @Override
  public ByteBuffer modelId() {
    return utf8(cb != null ? cb.modelId() : step != null ? step.modelId() : slots != null ? slots.modelId()
        : ca.modelId());
  }

  @Override
  public ByteBuffer context() {
    return contextBytes().asReadOnlyBuffer();
  }

  @Override
  public @Nullable ByteBuffer slotIdBytes(int s) {
    String id = slot(s).id();
    return id == null ? null : utf8(id);
  }

  @Override
  public OutcomeEvent.Kind outcomeValueKind(int list, int k) {
    return outcome(list, k).valueKind();
  }

  @Override
  public @Nullable ByteBuffer outcomeLiteralValue(int list, int k) {
    OutcomeEvent o = outcome(list, k);
    return literal(o.valueKind(), o.literalValue());
  }

  @Override
  public OutcomeEvent.Kind outcomeIndexKind(int list, int k) {
    return outcome(list, k).indexKind();
  }

  @Override
  public @Nullable ByteBuffer outcomeLiteralIndexBytes(int list, int k) {
    OutcomeEvent o = outcome(list, k);
    return literal(o.indexKind(), o.literalIndex());
  }

  /** A union member's literal as UTF-8, or null when the member present is not the literal. */
  private static @Nullable ByteBuffer literal(OutcomeEvent.Kind kind, @Nullable String literal) {
    return kind != OutcomeEvent.Kind.LITERAL || literal == null ? null : utf8(literal);
  }

  @Override
  public long outcomeEpochSecond(int list, int k) {
    return outcomes(list).get(k).timestamp().epochSecond();
  }

  private static ByteBuffer utf8(String s) {
    return ByteBuffer.wrap(s.getBytes(StandardCharsets.UTF_8)).asReadOnlyBuffer();
  }
}
