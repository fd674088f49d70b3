package io.github.vwbinlog.core.join;

import static io.github.vwbinlog.core.flatbuf.LittleEndian.f32;
import static io.github.vwbinlog.core.flatbuf.LittleEndian.i32;
import static io.github.vwbinlog.core.flatbuf.LittleEndian.i64;
import static io.github.vwbinlog.core.scan.FlatReads.byteField;
import static io.github.vwbinlog.core.scan.FlatReads.element;
import static io.github.vwbinlog.core.scan.FlatReads.field;
import static io.github.vwbinlog.core.scan.FlatReads.floatField;
import static io.github.vwbinlog.core.scan.FlatReads.sameBytes;
import static io.github.vwbinlog.core.scan.MessageScan.KIND_LITERAL;
import static io.github.vwbinlog.core.scan.MessageScan.KIND_NUMERIC;

import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.core.event.EventDecoder;
import io.github.vwbinlog.event.CaEvent;
import io.github.vwbinlog.event.CbEvent;
import io.github.vwbinlog.event.Event;
import io.github.vwbinlog.event.EventPayload;
import io.github.vwbinlog.event.JoinedEvent;
import io.github.vwbinlog.event.MultiSlotEvent;
import io.github.vwbinlog.event.OutcomeEvent;
import io.github.vwbinlog.join.JoinResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntFunction;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.core.scan.MessageScan;
import io.github.vwbinlog.core.text.JsonBytes;
import io.github.vwbinlog.schema.Slots;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;

/**
 * A joined event of a scanned message, completed and shown in place: {@link SingleJoiner} picks the accepted
 * interaction and its outcomes, and {@link #join} computes the rewards and learnability (SPEC §6.3 to §6.6) from the
 * {@link MessageScan}'s arrays, reading the decision straight from the input bytes (no event records, no strings, no
 * boxed numbers). Rewards are computed through {@link OutcomeRewards} and {@link RewardFunctions}; a
 * CCB outcome's slot is found by numeric index or by slot id (the first of equal ids wins), as SPEC §6.3 step 2 has
 * it. The {@code RewardCalculator} joins records through the same code ({@link MessageScan#load}).
 *
 * <p>Not thread-safe: one per {@link SingleJoiner}, reused for each joined event.
 */
public final class ScanView implements JoinedView {
  private static final long U32 = 0xFFFF_FFFFL;
  private static final byte[] NO_MODEL = "N/A".getBytes(StandardCharsets.US_ASCII);

  private final MessageScan scan;
  /** The offset of the message whose events are shown. */
  private long messageOffset = -1;
  /** Builds the records of the scan's events, for {@link #record()}. */
  private final EventDecoder decoder;

  // The configuration in force.
  private CheckpointInfo effective;
  private OutcomeRewards rewards;

  // The joined group: the interaction, its outcomes in payload order, and the decision's vectors in its buffer.
  private int interaction;
  private int n;
  private int[] groupEvents = new int[16];
  private boolean learnable;
  private byte[] p = new byte[0];
  private int root;
  private PayloadType type = PayloadType.CB;
  private int actions;
  private int actionCount;
  private int probabilities;
  private int probabilityCount;
  private int contextVector;
  private @Nullable ByteBuffer expandedContext;
  private float reward;
  private float originalReward;

  // Slots (CCB, slates): each slot's vectors, id and rewards, and the outcomes mapped to it.
  private int slotCount;
  private int[] slotActions = new int[8];
  private int[] slotActionCount = new int[8];
  private int[] slotProbabilities = new int[8];
  private int[] slotProbabilityCount = new int[8];
  private int[] slotIdString = new int[8];
  private float[] slotFinal = new float[8];
  private float[] slotOriginal = new float[8];
  private int[] outcomeSlot = new int[16];
  /** The outcomes of each slot, slot after slot: slot s's are {@code slotEvents[slotStart[s], slotStart[s + 1])}. */
  private int[] slotEvents = new int[16];
  /** For each of {@link #slotEvents}, its place among the group's outcomes. */
  private int[] slotOrdinals = new int[16];
  private int[] slotStart = new int[9];
  private int baselines;
  private int baselineCount;

  ScanView(MessageScan scan, ReadLimits limits) {
    this.scan = scan;
    this.decoder = new EventDecoder(limits, false); // the scan verified every buffer it reads
  }

  /** Takes the settings in force. */
  void configure(CheckpointInfo now) {
    effective = now;
    rewards = new OutcomeRewards(now, 16);
  }

  /** Where the join's diagnostics about a joined event go: its joiner, which knows the offset and the id. */
  interface Reports {
    void report(DiagnosticReason reason, String message);
  }

  /**
   * Completes the joined event of accepted interaction {@code interaction} and its outcomes {@code outcomes[0, n)}, in
   * payload order (SPEC §6.3 to §6.6): the rewards and learnability. This view then shows it.
   *
   * @return false when the joined event is skipped: a CB decision without actions (SPEC §11 item 5) or a CCB
   *     apprentice decision whose slot and baseline counts differ (item 6), reported to {@code reports}
   */
  boolean join(int interaction, int[] outcomes, int n, Reports reports) {
    MessageScan m = scan;
    this.interaction = interaction;
    if (groupEvents.length < n) {
      int c = Math.max(n, groupEvents.length * 2);
      groupEvents = new int[c];
      outcomeSlot = new int[c];
      slotEvents = new int[c];
      slotOrdinals = new int[c];
    }
    System.arraycopy(outcomes, 0, groupEvents, 0, n);
    this.n = n;
    boolean activated = false;
    for (int k = 0; k < n; k++) {
      activated |= m.taken(outcomes[k]);
    }
    PayloadType t = m.type(interaction);
    type = t;
    learnable = !m.deferred(interaction) || activated;
    p = m.bytes(interaction);
    root = m.table(interaction);
    slotCount = 0;
    expandedContext = null;
    return switch (t) {
      case CB -> cb(reports);
      case CCB -> ccb(reports);
      case SLATES -> slates(reports);
      default -> ca(reports);
    };
  }

  /** For training: the context with its dedup references expanded, written in place of the log's. */
  void expandedContext(ByteBuffer context) {
    expandedContext = context;
  }

  /** For training, the expanded context, or null when the log's is written. */
  @Nullable ByteBuffer expandedContextOrNull() {
    return expandedContext;
  }

  /** The event of the message that is outcome {@code k} of {@code list}. */
  int outcomeEvent(int list, int k) {
    return outcome(list, k);
  }

  /** The place among all the joined outcomes ({@link #TOP}) of outcome {@code k} of slot {@code s}. */
  int outcomeOrdinal(int s, int k) {
    return slotOrdinals[slotStart[s] + k];
  }

  /** The context's bytes in the scan's buffer: {@code [contextStart(), contextStart() + contextLength())}. */
  int contextStart() {
    return contextVector + 4;
  }

  /** The buffer that holds the decision's payload. */
  byte[] bytes() {
    return p;
  }

  private boolean cb(Reports reports) {
    int actionsField = field(p, root, Slots.CbEvent.ACTION_IDS);
    actions = actionsField + i32(p, actionsField);
    actionCount = i32(p, actions);
    if (actionCount == 0) {
      reports.report(DiagnosticReason.EMPTY_ACTIONS, "CB interaction without action ids; the joined event is skipped");
      return false;
    }
    int probabilitiesField = field(p, root, Slots.CbEvent.PROBABILITIES);
    probabilities = probabilitiesField + i32(p, probabilitiesField);
    probabilityCount = i32(p, probabilities);
    long first = i64(p, actions + 4);
    originalReward = reward(groupEvents, 0, n);
    // Apprentice: the baseline is always action 1, as CB action ids are 1-based; ids are truncated to u32 (§4.6).
    reward = scan.apprentice(interaction) ? ((int) first == 1 ? 1f : 0f) : originalReward;
    context(field(p, root, Slots.CbEvent.CONTEXT));
    return true;
  }

  private boolean ccb(Reports reports) {
    slots();
    boolean appr = scan.apprentice(interaction);
    if (appr && slotCount != baselineCount) {
      reports.report(DiagnosticReason.BASELINE_SIZE_MISMATCH, "slot size " + slotCount + " and baseline action size "
          + baselineCount + " do not match; the joined event is skipped");
      return false;
    }
    MessageScan m = scan;
    // Each outcome's slot (SPEC §6.3 step 2): a numeric index as it is; a non-empty literal index through the slot ids,
    // but only when a slot has an id (otherwise, or when empty, the literal is dropped silently). VW also files other
    // out-of-range indexes (5, -2) under their number, but never reads them, so they belong to no slot here.
    boolean anySlotId = false;
    for (int s = 0; s < slotCount && !anySlotId; s++) {
      anySlotId = slotIdString[s] != 0;
    }
    for (int k = 0; k < n; k++) {
      int e = groupEvents[k];
      int slot;
      if (m.indexKind(e) == KIND_NUMERIC) {
        slot = m.numericIndex(e);
      } else if (m.indexKind(e) == KIND_LITERAL) {
        if (!anySlotId || m.literalLen(e) == 0) {
          slot = -1;
        } else {
          slot = slotById(m.bytes(e), m.literalPos(e), m.literalLen(e));
          if (slot < 0) {
            reports.report(DiagnosticReason.UNMATCHED_SLOT_ID, "CCB outcome event with slot id '"
                + new String(m.bytes(e), m.literalPos(e), m.literalLen(e), StandardCharsets.UTF_8)
                + "' has no matching interaction slot event; the outcome is ignored");
          }
        }
      } else {
        slot = -1;
      }
      outcomeSlot[k] = slot >= 0 && slot < slotCount ? slot : -1;
    }
    float d = effective.defaultReward();
    int at = 0;
    for (int s = 0; s < slotCount; s++) {
      slotStart[s] = at;
      for (int k = 0; k < n; k++) {
        if (outcomeSlot[k] == s) {
          slotOrdinals[at] = k;
          slotEvents[at++] = groupEvents[k];
        }
      }
      float r = at > slotStart[s] ? reward(slotEvents, slotStart[s], at) : d;
      slotOriginal[s] = r;
      if (appr) {
        long firstAction = slotActionCount[s] == 0 ? 0 : i32(p, slotActions[s] + 4) & U32;
        slotFinal[s] = apprenticeReward(slotActionCount[s] != 0, firstAction, i32(p, baselines + 4 + 4 * s));
      } else {
        slotFinal[s] = r;
      }
    }
    slotStart[slotCount] = at;
    // The decision's own rewards are slot 0's, as JoinResult.reward() has them (0 without slots).
    reward = slotCount == 0 ? 0f : slotFinal[0];
    originalReward = slotCount == 0 ? 0f : slotOriginal[0];
    context(field(p, root, Slots.MultiSlotEvent.CONTEXT));
    return true;
  }

  private boolean slates(Reports reports) {
    slots();
    originalReward = reward(groupEvents, 0, n);
    reward = apprentice(reports, "slates");
    context(field(p, root, Slots.MultiSlotEvent.CONTEXT));
    return true;
  }

  private boolean ca(Reports reports) {
    originalReward = reward(groupEvents, 0, n);
    reward = apprentice(reports, "CA");
    context(field(p, root, Slots.CaEvent.CONTEXT));
    return true;
  }

  /** Slates and CA: one reward over all outcomes; apprentice mode is not implemented in VW, so D is learned. */
  private float apprentice(Reports reports, String what) {
    if (!scan.apprentice(interaction)) {
      return originalReward;
    }
    reports.report(DiagnosticReason.APPRENTICE_NOT_IMPLEMENTED, "apprentice mode is not implemented for " + what
        + "; the reward is the default reward");
    return effective.defaultReward();
  }

  /** Notes each slot's vectors and id, and the baseline actions. */
  private void slots() {
    int slotsField = field(p, root, Slots.MultiSlotEvent.SLOTS);
    int slotVector = slotsField + i32(p, slotsField);
    int count = i32(p, slotVector);
    if (slotActions.length < count + 1) {
      int c = Math.max(count + 1, slotActions.length * 2);
      slotActions = new int[c];
      slotActionCount = new int[c];
      slotProbabilities = new int[c];
      slotProbabilityCount = new int[c];
      slotIdString = new int[c];
      slotFinal = new float[c];
      slotOriginal = new float[c];
      slotStart = new int[c];
    }
    for (int s = 0; s < count; s++) {
      int slot = element(p, slotVector, s);
      int a = field(p, slot, Slots.SlotEvent.ACTION_IDS);
      slotActions[s] = a == 0 ? 0 : a + i32(p, a);
      slotActionCount[s] = a == 0 ? 0 : i32(p, slotActions[s]);
      int f = field(p, slot, Slots.SlotEvent.PROBABILITIES);
      slotProbabilities[s] = f == 0 ? 0 : f + i32(p, f);
      slotProbabilityCount[s] = f == 0 ? 0 : i32(p, slotProbabilities[s]);
      int id = field(p, slot, Slots.SlotEvent.ID);
      slotIdString[s] = id == 0 ? 0 : id + i32(p, id);
    }
    slotCount = count;
    int baselineField = field(p, root, Slots.MultiSlotEvent.BASELINE_ACTIONS);
    baselines = baselineField == 0 ? 0 : baselineField + i32(p, baselineField);
    baselineCount = baselineField == 0 ? 0 : i32(p, baselines);
  }

  /**
   * A CCB apprentice slot's final reward (SPEC §6.4): 1 when the slot chose its baseline action, else 0. Slot action ids
   * are u32 and baseline actions are i32 read as u32, so the low 32 bits are compared.
   */
  private static float apprenticeReward(boolean hasAction, long firstAction, int baseline) {
    return hasAction && (int) firstAction == baseline ? 1f : 0f;
  }

  /** The first slot whose id equals the literal, or -1. */
  private int slotById(byte[] lb, int literal, int length) {
    for (int s = 0; s < slotCount; s++) {
      int at = slotIdString[s];
      if (at != 0 && i32(p, at) == length && (length == 0 || sameBytes(p, at + 4, lb, literal, length))) {
        return s;
      }
    }
    return -1;
  }

  /** Notes where the context is. */
  private void context(int contextField) {
    contextVector = contextField + i32(p, contextField);
  }

  /** The reward function over the events {@code events[from, to)}: all of the group's, or a slot's. */
  private float reward(int[] events, int from, int to) {
    MessageScan m = scan;
    OutcomeRewards r = rewards;
    r.begin();
    for (int k = from; k < to; k++) {
      int e = events[k];
      r.add(m.taken(e), m.value(e), m.second(e));
    }
    return r.finish();
  }

  // The view.

  @Override
  public PayloadType type() {
    return type;
  }

  @Override
  public boolean learnable() {
    return learnable;
  }

  @Override
  public long epochSecond() {
    return scan.second(interaction);
  }

  @Override
  public float passProbability() {
    return scan.passProbability(interaction);
  }

  @Override
  public void eventId(JsonBytes out) {
    id(interaction, out);
  }

  private void id(int e, JsonBytes out) {
    MessageScan m = scan;
    if (m.idPlain(e)) {
      out.ascii('"').raw(m.message(), m.idPos(e), m.idLen(e)).ascii('"');
    } else {
      out.string(m.message(), m.idPos(e), m.idLen(e));
    }
  }

  @Override
  public boolean eventIdUntilNul(JsonBytes out) {
    MessageScan m = scan;
    if (m.idLen(interaction) == 0) {
      return false;
    }
    out.stringUntilNul(m.message(), m.idPos(interaction), m.idLen(interaction));
    return true;
  }

  @Override
  public String diagnosticId() {
    return scan.idString(interaction);
  }

  @Override
  public String diagnosticPrefix() {
    return "";
  }

  @Override
  public void modelIdUntilNul(JsonBytes out) {
    int slot = switch (type) {
      case CB -> Slots.CbEvent.MODEL_ID;
      case CA -> Slots.CaEvent.MODEL_ID;
      default -> Slots.MultiSlotEvent.MODEL_ID;
    };
    int f = field(p, root, slot);
    if (f == 0) {
      out.string(NO_MODEL, 0, NO_MODEL.length);
    } else {
      int at = f + i32(p, f);
      out.stringUntilNul(p, at + 4, i32(p, at));
    }
  }

  @Override
  public int contextLength() {
    ByteBuffer expanded = expandedContext;
    return expanded != null ? expanded.remaining() : i32(p, contextVector);
  }

  @Override
  public void context(JsonBytes out) {
    ByteBuffer expanded = expandedContext;
    if (expanded != null) {
      out.raw(expanded);
    } else {
      out.raw(p, contextVector + 4, i32(p, contextVector));
    }
  }

  @Override
  public float reward(int list) {
    return list == TOP ? reward : slotFinal[list];
  }

  @Override
  public float originalReward(int list) {
    return list == TOP ? originalReward : slotOriginal[list];
  }

  @Override
  public int slotCount() {
    return slotCount;
  }

  @Override
  public int actionCount(int list) {
    return list == TOP ? actionCount : slotActionCount[list];
  }

  @Override
  public long action(int list, int k) {
    return list == TOP ? i64(p, actions + 4 + 8 * k) : i32(p, slotActions[list] + 4 + 4 * k) & U32;
  }

  @Override
  public int probabilityCount(int list) {
    return list == TOP ? probabilityCount : slotProbabilityCount[list];
  }

  @Override
  public float probability(int list, int k) {
    return f32(p, (list == TOP ? probabilities : slotProbabilities[list]) + 4 + 4 * k);
  }

  @Override
  public boolean slotId(int s, JsonBytes out) {
    int at = slotIdString[s];
    if (at == 0) {
      return false;
    }
    out.string(p, at + 4, i32(p, at));
    return true;
  }

  private int outcome(int list, int k) {
    return list == TOP ? groupEvents[k] : slotEvents[slotStart[list] + k];
  }

  @Override
  public int outcomeCount(int list) {
    return list == TOP ? n : slotStart[list + 1] - slotStart[list];
  }

  @Override
  public boolean outcomeTaken(int list, int k) {
    return scan.taken(outcome(list, k));
  }

  @Override
  public float outcomeValue(int list, int k) {
    return scan.value(outcome(list, k));
  }

  @Override
  public void outcomeId(int list, int k, JsonBytes out) {
    id(outcome(list, k), out);
  }

  @Override
  public boolean outcomeLiteralIndex(int list, int k, JsonBytes out) {
    int e = outcome(list, k);
    MessageScan m = scan;
    if (m.indexKind(e) != KIND_LITERAL) {
      return false;
    }
    out.string(m.bytes(e), m.literalPos(e), m.literalLen(e));
    return true;
  }

  @Override
  public int outcomeNumericIndex(int list, int k) {
    return scan.numericIndex(outcome(list, k));
  }

  @Override
  public int baselineCount() {
    return baselineCount;
  }

  @Override
  public int baseline(int k) {
    return i32(p, baselines + 4 + 4 * k);
  }

  @Override
  public float pdfValue() {
    return floatField(p, root, Slots.CaEvent.PDF_VALUE);
  }

  @Override
  public float caAction() {
    return floatField(p, root, Slots.CaEvent.ACTION);
  }

  /** Says which message the events shown come from, for {@link #offset()}. */
  void at(long messageOffset) {
    this.messageOffset = messageOffset;
  }

  @Override
  public long offset() {
    return messageOffset;
  }

  @Override
  public CheckpointInfo settings() {
    return effective;
  }

  @Override
  public ByteBuffer eventId() {
    MessageScan m = scan;
    return slice(m.message(), m.idPos(interaction), m.idLen(interaction));
  }

  @Override
  public ByteBuffer modelId() {
    int f = field(p, root, switch (type) {
      case CB -> Slots.CbEvent.MODEL_ID;
      case CA -> Slots.CaEvent.MODEL_ID;
      default -> Slots.MultiSlotEvent.MODEL_ID;
    });
    if (f == 0) {
      return slice(NO_MODEL, 0, NO_MODEL.length);
    }
    int at = f + i32(p, f);
    return slice(p, at + 4, i32(p, at));
  }

  @Override
  public ByteBuffer context() {
    ByteBuffer expanded = expandedContext;
    return expanded != null ? expanded.asReadOnlyBuffer() : slice(p, contextVector + 4, i32(p, contextVector));
  }

  @Override
  public @Nullable ByteBuffer slotIdBytes(int s) {
    int at = slotIdString[s];
    return at == 0 ? null : slice(p, at + 4, i32(p, at));
  }

  @Override
  public OutcomeEvent.Kind outcomeValueKind(int list, int k) {
    int e = outcome(list, k);
    return kind(byteField(scan.bytes(e), scan.table(e), Slots.OutcomeEvent.VALUE_TYPE));
  }

  @Override
  public @Nullable ByteBuffer outcomeLiteralValue(int list, int k) {
    int e = outcome(list, k);
    byte[] b = scan.bytes(e);
    int t = scan.table(e);
    if (byteField(b, t, Slots.OutcomeEvent.VALUE_TYPE) != KIND_LITERAL) {
      return null;
    }
    int f = field(b, t, Slots.OutcomeEvent.VALUE);
    int at = f + i32(b, f);
    return slice(b, at + 4, i32(b, at));
  }

  @Override
  public OutcomeEvent.Kind outcomeIndexKind(int list, int k) {
    return kind(scan.indexKind(outcome(list, k)));
  }

  @Override
  public @Nullable ByteBuffer outcomeLiteralIndexBytes(int list, int k) {
    int e = outcome(list, k);
    MessageScan m = scan;
    return m.indexKind(e) != KIND_LITERAL ? null : slice(m.bytes(e), m.literalPos(e), m.literalLen(e));
  }

  @Override
  public long outcomeEpochSecond(int list, int k) {
    return scan.enqueuedSecond(outcome(list, k));
  }

  /** An outcome union's tag as its kind: unknown tags read as none, as in VW. */
  private static OutcomeEvent.Kind kind(byte tag) {
    return tag == KIND_NUMERIC ? OutcomeEvent.Kind.NUMERIC
        : tag == KIND_LITERAL ? OutcomeEvent.Kind.LITERAL : OutcomeEvent.Kind.NONE;
  }

  /** A read-only view of {@code b[from, from + length)}. */
  private static ByteBuffer slice(byte[] b, int from, int length) {
    return ByteBuffer.wrap(b, from, length).slice().asReadOnlyBuffer();
  }

  @Override
  public JoinResult record() {
    return record(e -> scan.record(e, decoder));
  }

  /** The joined event as a record, its events given by {@code events} (by their place in the scan). */
  JoinResult record(IntFunction<JoinedEvent> events) {
    ScanView v = this;
    JoinedEvent decision = events.apply(interaction);
    ByteBuffer expanded = v.expandedContextOrNull();
    if (expanded != null) {
      decision = withContext(decision, expanded);
    }
    List<JoinedEvent> all = new ArrayList<>(v.outcomeCount(JoinedView.TOP));
    for (int k = 0; k < v.outcomeCount(JoinedView.TOP); k++) {
      all.add(events.apply(v.outcomeEvent(JoinedView.TOP, k)));
    }
    List<List<JoinedEvent>> bySlot = List.of();
    List<Float> finals;
    List<Float> originals;
    if (v.type() == PayloadType.CCB) {
      int slots = v.slotCount();
      bySlot = new ArrayList<>(slots);
      Float[] f = new Float[slots];
      Float[] o = new Float[slots];
      for (int s = 0; s < slots; s++) {
        List<JoinedEvent> list = new ArrayList<>(v.outcomeCount(s));
        for (int k = 0; k < v.outcomeCount(s); k++) {
          list.add(all.get(v.outcomeOrdinal(s, k)));
        }
        bySlot.add(list);
        f[s] = v.reward(s);
        o[s] = v.originalReward(s);
      }
      finals = Arrays.asList(f);
      originals = Arrays.asList(o);
    } else {
      finals = List.of(v.reward(JoinedView.TOP));
      originals = List.of(v.originalReward(JoinedView.TOP));
    }
    return new JoinResult(decision, decision.effectiveTime(effective.useClientTime()), all, bySlot, finals,
        originals, v.learnable());
  }

  /** The decision with its context replaced (training, dedup references expanded). */
  private static JoinedEvent withContext(JoinedEvent decision, ByteBuffer context) {
    EventPayload payload = decision.event().payload();
    EventPayload with = payload instanceof CbEvent cb
        ? new CbEvent(cb.deferredAction(), cb.actionIds(), context, cb.probabilities(), cb.modelId(), cb.learningMode())
        : payload instanceof MultiSlotEvent ms
        ? new MultiSlotEvent(context, ms.slots(), ms.modelId(), ms.deferredAction(), ms.baselineActions(),
            ms.learningMode())
        : new CaEvent(((CaEvent) payload).deferredAction(), ((CaEvent) payload).action(), context,
            ((CaEvent) payload).pdfValue(), ((CaEvent) payload).modelId(), ((CaEvent) payload).learningMode());
    return new JoinedEvent(decision.timestamp(), new Event(decision.event().meta(), with));
  }
}
