package io.github.vwbinlog.core.join;

import static io.github.vwbinlog.core.flatbuf.LittleEndian.f32;
import static io.github.vwbinlog.core.flatbuf.LittleEndian.i32;
import static io.github.vwbinlog.core.flatbuf.LittleEndian.i64;
import static io.github.vwbinlog.core.join.FlatReads.element;
import static io.github.vwbinlog.core.join.FlatReads.field;
import static io.github.vwbinlog.core.join.FlatReads.floatField;
import static io.github.vwbinlog.core.join.FlatReads.sameBytes;
import static io.github.vwbinlog.core.join.MessageScan.KIND_LITERAL;
import static io.github.vwbinlog.core.join.MessageScan.KIND_NUMERIC;
import static io.github.vwbinlog.core.join.MessageScan.NONE;
import static io.github.vwbinlog.core.join.MessageScan.TYPES;

import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.ReadLimits;
import io.github.vwbinlog.core.text.JsonBytes;
import io.github.vwbinlog.schema.Slots;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Step 2 of the conversion fast path ({@link FastSingleJoiner}): joins one group of events that {@link MessageScan}
 * recorded, in place, and is the {@link JoinedView} of the result, read straight from the input bytes (no event
 * records, no strings, no boxed numbers). The arithmetic is the record join's: rewards through
 * {@link OutcomeRewards} and {@link RewardFunctions}, a CCB outcome's slot and apprentice rewards as
 * {@link CcbRewards} has them.
 *
 * <p>A group the record join would report anything about (outcomes before their interaction, a second interaction,
 * a missing client time, an unmatched slot id, a CCB baseline of another size, apprentice slates or CA, a CB decision
 * without actions, a context beyond the limit, or one with dedup references to expand for training) makes
 * {@link #join} return false: the message then goes to the record path, which reports it. What is wrong with a line
 * itself (a number that is not finite, a context that is not one JSON object) is the DSJSON writer's to find, on
 * either path.
 *
 * <p>Besides the view, {@link #join} notes what the metrics count of the event ({@link #sumOriginal},
 * {@link #firstOriginal}, {@link #comparison}, {@link #firstActionIsOne}). Not thread-safe: one per
 * {@link FastSingleJoiner}.
 */
public final class ScanView implements JoinedView {
  private static final long U32 = 0xFFFF_FFFFL;
  private static final byte[] NO_MODEL = "N/A".getBytes(StandardCharsets.US_ASCII);

  private final MessageScan scan;
  private final ReadLimits limits;
  private final boolean forTraining;

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
  private int[] slotStart = new int[9];
  private int baselines;
  private int baselineCount;

  // What the metrics count of the joined event.
  float sumOriginal;
  float firstOriginal;
  /** Slot 0's first action against the first baseline action: 1 equal, 0 not, -1 when either is missing. */
  int comparison;
  boolean firstActionIsOne;

  ScanView(MessageScan scan, ReadLimits limits, boolean forTraining) {
    this.scan = scan;
    this.limits = limits;
    this.forTraining = forTraining;
  }

  /** Takes the settings in force. */
  void configure(CheckpointInfo now) {
    effective = now;
    rewards = new OutcomeRewards(now, 16);
  }

  /** The event of the payload that is the joined interaction. */
  int interaction() {
    return interaction;
  }

  /**
   * Joins the group starting at event {@code head}: this view then shows the joined event.
   *
   * @return false when the record path must join the message (see the class comment)
   */
  boolean join(int head) {
    MessageScan m = scan;
    interaction = head;
    PayloadType t = TYPES[m.type[head]];
    if (t == PayloadType.OUTCOME) {
      return false; // outcomes before the interaction, or no interaction
    }
    boolean useClient = effective.useClientTime();
    if (useClient && !m.hasClientTime[head]) {
      return false;
    }
    int count = 0;
    boolean activated = false;
    for (int e = m.next[head]; e != NONE; e = m.next[e]) {
      if (m.type[e] != PayloadType.OUTCOME.ordinal()) {
        return false; // a second interaction
      }
      if (useClient && !m.hasClientTime[e]) {
        return false;
      }
      if (count == groupEvents.length) {
        groupEvents = Arrays.copyOf(groupEvents, count * 2);
        outcomeSlot = Arrays.copyOf(outcomeSlot, count * 2);
        slotEvents = Arrays.copyOf(slotEvents, count * 2);
      }
      groupEvents[count++] = e;
      activated |= m.taken[e];
    }
    n = count;
    type = t;
    learnable = !m.deferred[head] || activated;
    p = m.bufs[head];
    root = m.table[head];
    slotCount = 0;
    firstActionIsOne = false;
    comparison = -1;
    return switch (t) {
      case CB -> cb();
      case CCB -> ccb();
      case SLATES -> slates();
      default -> ca();
    };
  }

  private boolean cb() {
    int actionsField = field(p, root, Slots.CbEvent.ACTION_IDS);
    actions = actionsField + i32(p, actionsField);
    actionCount = i32(p, actions);
    if (actionCount == 0) {
      return false; // EMPTY_ACTIONS, from the record join
    }
    int probabilitiesField = field(p, root, Slots.CbEvent.PROBABILITIES);
    probabilities = probabilitiesField + i32(p, probabilitiesField);
    probabilityCount = i32(p, probabilities);
    long first = i64(p, actions + 4);
    originalReward = reward(groupEvents, 0, n);
    reward = scan.apprentice[interaction] ? ((int) first == 1 ? 1f : 0f) : originalReward;
    // As MetricsCollector.accept: VW's CB action is the id's low 32 bits (SPEC §4.6), so 2^32 + 1 is action 1.
    firstActionIsOne = (int) first == 1;
    sumOriginal = 0f + originalReward;
    firstOriginal = originalReward;
    return context(field(p, root, Slots.CbEvent.CONTEXT));
  }

  private boolean ccb() {
    slots();
    boolean appr = scan.apprentice[interaction];
    if (appr && slotCount != baselineCount) {
      return false; // BASELINE_SIZE_MISMATCH, from the record join
    }
    MessageScan m = scan;
    // Each outcome's slot (SPEC §6.3 step 2), as CcbRewards maps them.
    boolean anySlotId = false;
    for (int s = 0; s < slotCount && !anySlotId; s++) {
      anySlotId = slotIdString[s] != 0;
    }
    for (int k = 0; k < n; k++) {
      int e = groupEvents[k];
      int slot;
      if (m.indexKind[e] == KIND_NUMERIC) {
        slot = m.numericIndex[e];
      } else if (m.indexKind[e] == KIND_LITERAL) {
        if (!anySlotId || m.literalLen[e] == 0) {
          slot = -1;
        } else {
          slot = slotById(m.bufs[e], m.literalPos[e], m.literalLen[e]);
          if (slot < 0) {
            return false; // UNMATCHED_SLOT_ID, from the record join
          }
        }
      } else {
        slot = -1;
      }
      outcomeSlot[k] = slot >= 0 && slot < slotCount ? slot : -1;
    }
    float d = effective.defaultReward();
    int at = 0;
    float sum = 0f;
    for (int s = 0; s < slotCount; s++) {
      slotStart[s] = at;
      for (int k = 0; k < n; k++) {
        if (outcomeSlot[k] == s) {
          slotEvents[at++] = groupEvents[k];
        }
      }
      float r = at > slotStart[s] ? reward(slotEvents, slotStart[s], at) : d;
      slotOriginal[s] = r;
      sum += r;
      if (appr) {
        long firstAction = slotActionCount[s] == 0 ? 0 : i32(p, slotActions[s] + 4) & U32;
        slotFinal[s] = CcbRewards.apprenticeReward(slotActionCount[s] != 0, firstAction, i32(p, baselines + 4 + 4 * s));
      } else {
        slotFinal[s] = r;
      }
    }
    slotStart[slotCount] = at;
    sumOriginal = sum;
    firstOriginal = slotCount == 0 ? 0f : slotOriginal[0];
    comparison = comparison();
    return context(field(p, root, Slots.MultiSlotEvent.CONTEXT));
  }

  private boolean slates() {
    if (scan.apprentice[interaction]) {
      return false; // APPRENTICE_NOT_IMPLEMENTED, from the record join
    }
    slots();
    originalReward = reward(groupEvents, 0, n);
    reward = originalReward;
    sumOriginal = 0f + originalReward;
    firstOriginal = originalReward;
    comparison = comparison();
    return context(field(p, root, Slots.MultiSlotEvent.CONTEXT));
  }

  private boolean ca() {
    if (scan.apprentice[interaction]) {
      return false; // APPRENTICE_NOT_IMPLEMENTED, from the record join
    }
    originalReward = reward(groupEvents, 0, n);
    reward = originalReward;
    sumOriginal = 0f + originalReward;
    firstOriginal = 0f;
    return context(field(p, root, Slots.CaEvent.CONTEXT));
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

  /** Slot 0's first action against the first baseline action: 1 equal, 0 not, -1 when either is missing. */
  private int comparison() {
    if (slotCount == 0 || baselineCount == 0 || slotActionCount[0] == 0) {
      return -1;
    }
    return i32(p, slotActions[0] + 4) == i32(p, baselines + 4) ? 1 : 0;
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

  /**
   * Notes the context; false when the record path must take the event: beyond {@link ReadLimits#maxContextSize()}
   * (it skips the interaction: LIMIT_EXCEEDED), or, for training, with dedup references to expand.
   */
  private boolean context(int contextField) {
    contextVector = contextField + i32(p, contextField);
    int length = i32(p, contextVector);
    if (length > limits.maxContextSize()) {
      return false;
    }
    return !forTraining || !AidReferences.mayReference(p, contextVector + 4, contextVector + 4 + length);
  }

  /** The reward function over the events {@code events[from, to)}: all of the group's, or a slot's. */
  private float reward(int[] events, int from, int to) {
    MessageScan m = scan;
    OutcomeRewards r = rewards;
    r.begin();
    for (int k = from; k < to; k++) {
      int e = events[k];
      r.add(m.taken[e], m.value[e], m.second[e]);
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
    return scan.second[interaction];
  }

  @Override
  public float passProbability() {
    return scan.pass[interaction];
  }

  @Override
  public void eventId(JsonBytes out) {
    id(interaction, out);
  }

  private void id(int e, JsonBytes out) {
    MessageScan m = scan;
    if (m.idPlain[e]) {
      out.ascii('"').raw(m.message, m.idPos[e], m.idLen[e]).ascii('"');
    } else {
      out.string(m.message, m.idPos[e], m.idLen[e]);
    }
  }

  @Override
  public boolean eventIdUntilNul(JsonBytes out) {
    MessageScan m = scan;
    if (m.idLen[interaction] == 0) {
      return false;
    }
    out.stringUntilNul(m.message, m.idPos[interaction], m.idLen[interaction]);
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
    return i32(p, contextVector);
  }

  @Override
  public void context(JsonBytes out) {
    out.raw(p, contextVector + 4, i32(p, contextVector));
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
    return scan.taken[outcome(list, k)];
  }

  @Override
  public float outcomeValue(int list, int k) {
    return scan.value[outcome(list, k)];
  }

  @Override
  public void outcomeId(int list, int k, JsonBytes out) {
    id(outcome(list, k), out);
  }

  @Override
  public boolean outcomeLiteralIndex(int list, int k, JsonBytes out) {
    int e = outcome(list, k);
    MessageScan m = scan;
    if (m.indexKind[e] != KIND_LITERAL) {
      return false;
    }
    out.string(m.bufs[e], m.literalPos[e], m.literalLen[e]);
    return true;
  }

  @Override
  public int outcomeNumericIndex(int list, int k) {
    return scan.numericIndex[outcome(list, k)];
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
}
