package io.github.vwbinlog.core.output;

import static io.github.vwbinlog.core.join.JoinedView.TOP;
import static io.github.vwbinlog.core.output.DsjsonFragments.*;

import io.github.vwbinlog.Diagnostic;
import io.github.vwbinlog.DiagnosticReason;
import io.github.vwbinlog.PayloadType;
import io.github.vwbinlog.core.event.JsonSyntax;
import io.github.vwbinlog.core.event.Utf8;
import io.github.vwbinlog.core.join.JoinedView;
import io.github.vwbinlog.core.join.RecordView;
import io.github.vwbinlog.core.text.JsonBytes;
import io.github.vwbinlog.core.text.TimeText;
import io.github.vwbinlog.join.JoinFeature;
import io.github.vwbinlog.join.JoinOptions;
import io.github.vwbinlog.join.JoinResult;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Writes the DSJSON line of one joined event, byte for byte as VW's {@code --binary_to_json} writes it (SPEC §8.2 to
 * §8.4), and refuses lines that would not be valid JSON (SPEC §0 item 3, §11 item 17). It is the one DSJSON writer:
 * every line is written from a {@link JoinedView}, the single joiner's view of a message's bytes
 * ({@code ScanView}) or a joined record's ({@code RecordView}).
 *
 * <p>The line is appended to the caller's buffer and truncated back when it is refused, so a refused event leaves
 * {@code out} exactly as it was. A line from the single joiner's view allocates nothing; one from a record, only what its
 * record hands out (the context view). Reusable; not thread-safe.
 *
 * <pre>{@code
 * DsjsonWriter writer = new DsjsonWriter();
 * JsonBytes line = new JsonBytes();
 * DsjsonWriter.Rejection rejection = writer.write(result, line);
 * if (rejection == null) {
 *   line.writeTo(out);                                 // one line, with its final '\n'
 * } else {
 *   listener.report(rejection.toDiagnostic(offset));   // counted, nothing written
 * }
 * line.reset();
 * }</pre>
 */
public final class DsjsonWriter {

  /**
   * Why a joined event got no line: {@link DiagnosticReason#NON_FINITE_NUMBER},
   * {@link DiagnosticReason#INVALID_CONTEXT}, {@link DiagnosticReason#INVALID_UTF8} or
   * {@link DiagnosticReason#EMPTY_ACTIONS}.
   *
   * <pre>{@code
   * Rejection r = writer.write(result, line);   // e.g. NON_FINITE_NUMBER, "o[0].v (outcome value) is NaN"
   * }</pre>
   *
   * @param reason the diagnostic reason
   * @param eventId the event id of the joined event (for a multistep step, its episode id; the message names the step)
   * @param message which field is wrong and how
   */
  public record Rejection(DiagnosticReason reason, String eventId, String message) {
    /** Checks for nulls. */
    public Rejection {
      Objects.requireNonNull(reason, "reason");
      Objects.requireNonNull(eventId, "eventId");
      Objects.requireNonNull(message, "message");
    }

    /**
     * The diagnostic to report for this rejection.
     *
     * <pre>{@code
     * listener.report(rejection.toDiagnostic(messageOffset));
     * }</pre>
     *
     * @param offset the byte offset of the message the joined event came from, or -1
     * @return a diagnostic with this reason, event id and message
     */
    public Diagnostic toDiagnostic(long offset) {
      return new Diagnostic(reason, offset, eventId, message);
    }
  }

  private static final long U32 = 0xFFFF_FFFFL;
  private static final byte[] UNLABELLED_OPEN = "{\"o\":[".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] UNLABELLED_SKIP_LEARN_OPEN =
      "{\"_skipLearn\":true,\"o\":[".getBytes(StandardCharsets.US_ASCII);

  /** Whether lines are written to train VW as its binary parser does ({@code JoinFeature.FOR_TRAINING}). */
  private final boolean forTraining;
  /** Whether a context that is not valid UTF-8 is copied as VW copies it ({@code JoinFeature.COPY_INVALID_UTF8}). */
  private final boolean copyInvalidUtf8;

  /** Why the line just written trains VW's DSJSON parser differently, or null ({@link #caveat()}). */
  private @Nullable Rejection caveat;

  /** The buffer the line is being appended to; truncated back when the line is refused. */
  private JsonBytes line = new JsonBytes(0);
  /** The view of the records handed to {@link #write(JoinResult, JsonBytes)}. */
  private final RecordView records = new RecordView();

  // The first problem met while building the line. The line is finished anyway and then discarded, which keeps the
  // per-type methods free of early exits. A non-finite number is kept as parts (a String.format pattern, its indexes
  // and the value) so that the success path builds no strings.
  private @Nullable DiagnosticReason problem;
  private @Nullable String problemText;
  private String badField = "";
  private int badI;
  private int badJ;
  private float badValue;

  // Events of one message share their time, so the formatted time is kept for the next line.
  private boolean timeCached;
  private long cachedSecond;
  private final byte[] cachedTime = new byte[32];
  private int cachedTimeLength;

  /**
   * Creates a writer.
   *
   * <pre>{@code
   * DsjsonWriter writer = new DsjsonWriter();
   * }</pre>
   */
  public DsjsonWriter() {
    this(false, false);
  }

  /**
   * Creates a writer for the conversion features of {@code options}: {@link JoinFeature#FOR_TRAINING} and
   * {@link JoinFeature#COPY_INVALID_UTF8}.
   *
   * <pre>{@code
   * DsjsonWriter writer = DsjsonWriter.of(JoinOptions.defaults().with(JoinFeature.FOR_TRAINING));
   * }</pre>
   */
  public static DsjsonWriter of(JoinOptions options) {
    return new DsjsonWriter(options.isEnabled(JoinFeature.FOR_TRAINING),
        options.isEnabled(JoinFeature.COPY_INVALID_UTF8));
  }

  /**
   * Creates a writer for the features of a conversion.
   *
   * <pre>{@code
   * DsjsonWriter writer = new DsjsonWriter(true, false);   // lines that train VW as the binary log does
   * }</pre>
   *
   * @param forTraining write the lines that make {@code vw --dsjson} learn what {@code vw --binary_parser} learns
   *     (docs/JOINING.md): {@code _label_probability} is {@code p[0]}, CA lines carry no pdrop, and an event VW's
   *     learner does not learn (or learns with an infinite weight) is rejected with
   *     {@link DiagnosticReason#NOT_LEARNED}; a multistep step VW learns without a label is written without one
   * @param copyInvalidUtf8 copy a context whose strings are not valid UTF-8 as VW does, instead of rejecting it with
   *     {@link DiagnosticReason#INVALID_UTF8}; such a line is not JSON
   */
  public DsjsonWriter(boolean forTraining, boolean copyInvalidUtf8) {
    this.forTraining = forTraining;
    this.copyInvalidUtf8 = copyInvalidUtf8;
  }

  /**
   * Appends the DSJSON line of a joined event, its final {@code '\n'} included, to {@code out}; or appends nothing and
   * says why when the line would not be valid JSON: a NaN or infinite number among those written (rewards,
   * probabilities, pdf value, action, pdrop, outcome values, label probability), a context that is empty, holds a NUL
   * byte or is not exactly one JSON object (SPEC §0 item 3), or a CB or multistep decision without actions (SPEC §11
   * item 5). When there are several problems, the first in line order is reported.
   *
   * <pre>{@code
   * Rejection rejection = writer.write(result, line);
   * if (rejection != null) { skipped.add(rejection.toDiagnostic(offset)); }
   * }</pre>
   *
   * @param result a joined event of type CB, CCB, SLATES, CA or MULTI_STEP
   * @param out the buffer to append to; unchanged when the event is rejected
   * @return null when the line was appended, else why it was not
   * @throws IllegalArgumentException if {@code result} is not a well-formed joined event: an interaction that is not a
   *     decision, an outcome that is not an {@link io.github.vwbinlog.event.OutcomeEvent}, or fewer CCB rewards than
   *     slots
   */
  public @Nullable Rejection write(JoinResult result, JsonBytes out) {
    return write(records.of(result), out);
  }

  /**
   * Appends the DSJSON line of a joined event's view, as {@link #write(JoinResult, JsonBytes)} does: the one writer of
   * every line, whichever join produced the view.
   *
   * @param view the joined event
   * @param out the buffer to append to; unchanged when the event is rejected
   * @return null when the line was appended, else why it was not
   */
  public @Nullable Rejection write(JoinedView view, JsonBytes out) {
    line = out;
    problem = null;
    problemText = null;
    caveat = null;
    int mark = out.length();
    switch (view.type()) {
      case CB, MULTI_STEP -> cb(view);
      case CCB -> ccb(view);
      case SLATES -> slates(view);
      default -> ca(view);
    }
    DiagnosticReason reason = problem;
    if (reason == null) {
      return null;
    }
    out.truncate(mark);
    String text = problemText != null ? problemText : String.format(badField, badI, badJ) + " is " + badValue;
    // A multistep line's event id is the step's, while diagnostics name the episode (the join key).
    return new Rejection(reason, view.diagnosticId(), view.diagnosticPrefix() + text);
  }

  /** A CB line (SPEC §8.4), also used for multistep steps. */
  private void cb(JoinedView v) {
    boolean step = v.type() == PayloadType.MULTI_STEP;
    int actions = v.actionCount(TOP);
    if (actions == 0) {
      problem(DiagnosticReason.EMPTY_ACTIONS, "the decision has no actions, so there is no _label_Action (SPEC §11 "
          + "item 5)");
      return;
    }
    int probabilities = v.probabilityCount(TOP);
    float pdrop = 1f - v.passProbability();
    // VW's learner labels a CB decision only when it has probabilities and 0 <= pdrop < 1 (its cb_joined_event's
    // fill_in_label); otherwise the single joiner drops the event and the multistep joiner learns it unlabelled.
    boolean unlabelled = forTraining && (probabilities == 0 || !(pdrop >= 0f && pdrop < 1f));
    if (unlabelled && !step) {
      problem(DiagnosticReason.NOT_LEARNED, probabilities == 0
          ? "VW's learner drops a CB decision without probabilities"
          : "VW's learner drops a CB decision whose pdrop " + pdrop + " is outside [0, 1)");
      return;
    }
    if (unlabelled) {
      // As VW's learner has it: no label, no weight (so no pdrop), and skipped when not learnable.
      line.raw(v.learnable() ? UNLABELLED_OPEN : UNLABELLED_SKIP_LEARN_OPEN);
    } else {
      line.raw(CB_LABEL_COST);
      number(-v.reward(TOP), "_label_cost (final reward)");
      line.raw(CB_LABEL_PROBABILITY);
      if (forTraining) {
        // The probability VW's learner puts in the label; VW's DSJSON parser weighs by pdrop itself.
        number(v.probability(TOP, 0), "_label_probability (p[0])");
      } else {
        // VW's converter multiplies by the pass probability in binary32, and writes 0.0 when there are no
        // probabilities.
        number(probabilities == 0 ? 0f : v.probability(TOP, 0) * v.passProbability(),
            "_label_probability (p[0] * pass probability)");
      }
      long chosen = v.action(TOP, 0) & U32;
      line.raw(CB_LABEL_ACTION).uint(chosen);
      // Unsigned 32-bit arithmetic: action 0 gives index 4294967295.
      line.raw(CB_LABEL_INDEX).uint((chosen - 1) & U32);
      if (!v.learnable()) {
        line.raw(SKIP_LEARN);
      }
      line.raw(O_OPEN);
    }
    outcomes(v, TOP);
    line.ascii(']');
    line.raw(TIMESTAMP);
    timestamp(v.epochSecond());
    line.raw(VERSION);
    line.raw(EVENT_ID);
    v.eventId(line);
    line.raw(A_OPEN);
    for (int i = 0; i < actions; i++) {
      if (i > 0) {
        line.ascii(',');
      }
      line.uint(v.action(TOP, i) & U32);
    }
    line.ascii(']');
    line.raw(C);
    context(v);
    line.raw(P_OPEN);
    probabilities(v, TOP, "p[%d] (probability)");
    modelAndPdrop(v, !unlabelled);
    line.raw(ORIGINAL_LABEL_COST);
    number(-v.originalReward(TOP), "_original_label_cost (original reward)");
    line.raw(LINE_END);
  }

  /** A CCB line (SPEC §8.4): per-slot costs and outcomes, no top-level label. */
  private void ccb(JoinedView v) {
    infiniteWeight(v, "CCB");
    slotSizes(v);
    line.raw(FIRST_TIMESTAMP);
    timestamp(v.epochSecond());
    if (!v.learnable()) {
      line.raw(SKIP_LEARN);
    }
    line.raw(VERSION);
    topLevelEventId(v);
    line.raw(C);
    context(v);
    line.raw(SLOTS_OPEN);
    int slots = v.slotCount();
    for (int i = 0; i < slots; i++) {
      if (i > 0) {
        line.ascii(',');
      }
      ccbSlot(v, i);
    }
    line.ascii(']');
    int baseline = v.baselineCount();
    if (baseline > 0) {
      line.raw(BASELINE_OPEN);
      for (int i = 0; i < baseline; i++) {
        if (i > 0) {
          line.ascii(',');
        }
        // Stored as int, written as unsigned: -1 becomes 4294967295.
        line.uint(Integer.toUnsignedLong(v.baseline(i)));
      }
      line.ascii(']');
    }
    modelAndPdrop(v, true);
    line.raw(LINE_END);
  }

  /** A CCB slot's entry of {@code "_outcomes"}: its costs, id, actions, probabilities and outcomes. */
  private void ccbSlot(JoinedView v, int i) {
    line.raw(SLOT_LABEL_COST);
    number(-v.reward(i), "_outcomes[%d]._label_cost (final reward)", i, 0);
    line.raw(SLOT_ID);
    if (!v.slotId(i, line)) {
      v.eventId(line);
    }
    line.raw(SLOT_A_OPEN);
    slotActions(v, i);
    line.raw(SLOT_P_OPEN);
    probabilities(v, i, "_outcomes[%d]._p[%d] (probability)");
    // VW writes "_o" only for slots that outcomes were mapped to; an empty list is the same as none.
    if (v.outcomeCount(i) > 0) {
      line.raw(SLOT_O_OPEN);
      outcomes(v, i);
      line.ascii(']');
    }
    line.raw(ORIGINAL_LABEL_COST);
    number(-v.originalReward(i), "_outcomes[%d]._original_label_cost (original reward)", i, 0);
    line.ascii('}');
  }

  /**
   * After a {@link #write} that wrote its line: why that line, written for training, does not train VW's DSJSON parser
   * as the binary log trains VW's learner ({@link DiagnosticReason#TRAINS_DIFFERENTLY}, a notice to report); null
   * when it does, and always null without {@code forTraining}.
   */
  public @Nullable Rejection caveat() {
    return caveat;
  }

  /** A slates line (SPEC §8.4): one cost, all outcomes, actions and probabilities per slot, skip-learn last. */
  private void slates(JoinedView v) {
    infiniteWeight(v, "slates");
    float pdrop = 1f - v.passProbability();
    if (forTraining && pdrop != 0f && pdrop != 1f) {
      // docs/DIFFERENCES.md: VW's DSJSON parser reads pdrop but does not apply it to slates.
      caveat = new Rejection(DiagnosticReason.TRAINS_DIFFERENTLY, v.diagnosticId(), v.diagnosticPrefix()
          + "VW's learner weighs this slates decision by 1/(1-pdrop) with pdrop " + pdrop
          + ", which VW's DSJSON parser does not apply to slates");
    }
    line.raw(FIRST_TIMESTAMP);
    timestamp(v.epochSecond());
    line.raw(VERSION);
    topLevelEventId(v);
    line.raw(LABEL_COST);
    number(-v.reward(TOP), "_label_cost (final reward)");
    line.raw(O_OPEN);
    outcomes(v, TOP);
    line.ascii(']');
    line.raw(SLOTS_OPEN);
    int slots = v.slotCount();
    for (int i = 0; i < slots; i++) {
      if (i > 0) {
        line.ascii(',');
      }
      line.raw(SLATES_SLOT_A_OPEN);
      slotActions(v, i);
      line.raw(SLOT_P_OPEN);
      probabilities(v, i, "_outcomes[%d]._p[%d] (probability)");
      line.ascii('}');
    }
    line.ascii(']');
    line.raw(C);
    context(v);
    modelAndPdrop(v, true);
    if (!v.learnable()) {
      line.raw(SKIP_LEARN);
    }
    line.raw(LINE_END);
  }

  /**
   * For training: VW's learner weighs a CCB or slates decision by {@code 1 / (1 - pdrop)} unchecked, so pdrop 1 is an
   * infinite weight, while VW's DSJSON parser refuses a line with pdrop 1. No line can train the same.
   */
  private void infiniteWeight(JoinedView v, String type) {
    if (forTraining && 1f - v.passProbability() == 1f) {
      problem(DiagnosticReason.NOT_LEARNED, "VW's learner gives this " + type + " decision an infinite weight "
          + "(pdrop 1), which VW's DSJSON parser refuses");
    }
  }

  /**
   * For training: a CCB slot with actions and probabilities of different sizes stops a whole {@code vw --dsjson} run
   * (VW's DSJSON parser throws), while VW's learner leaves that slot and the later ones unlabelled (SPEC §8.8). No line
   * can train the same.
   */
  private void slotSizes(JoinedView v) {
    if (!forTraining) {
      return;
    }
    for (int i = 0; i < v.slotCount(); i++) {
      int actions = v.actionCount(i);
      int probabilities = v.probabilityCount(i);
      if (actions != 0 && probabilities != 0 && actions != probabilities) {
        problem(DiagnosticReason.NOT_LEARNED, "slot " + i + " has " + actions + " actions but " + probabilities
            + " probabilities, which stops VW's DSJSON parser");
        return;
      }
    }
  }

  /** A CA line (SPEC §8.4): the continuous-action label, no outcomes, skip-learn last. */
  private void ca(JoinedView v) {
    line.raw(CA_COST);
    number(-v.reward(TOP), "_label_ca.cost (final reward)");
    line.raw(CA_PDF_VALUE);
    number(v.pdfValue(), "_label_ca.pdf_value");
    line.raw(CA_ACTION);
    number(v.caAction(), "_label_ca.action");
    line.ascii('}');
    line.raw(TIMESTAMP);
    timestamp(v.epochSecond());
    line.raw(VERSION);
    // CA, like CB, always writes the id, with its full length.
    line.raw(EVENT_ID);
    v.eventId(line);
    line.raw(C);
    context(v);
    // For training no pdrop: VW's CA learner ignores it, and VW's DSJSON parser refuses a line with pdrop 1.
    modelAndPdrop(v, !forTraining);
    if (!v.learnable()) {
      line.raw(SKIP_LEARN);
    }
    line.raw(LINE_END);
  }

  /**
   * The entries of a CB or slates {@code "o"} array ({@code list} {@link JoinedView#TOP}), or of a CCB slot's
   * {@code "_o"} array, which also gives each outcome's index as a string.
   */
  private void outcomes(JoinedView v, int list) {
    int count = v.outcomeCount(list);
    for (int k = 0; k < count; k++) {
      if (k > 0) {
        line.ascii(',');
      }
      boolean taken = v.outcomeTaken(list, k);
      // Activations carry no "v"; literal and valueless outcomes print their value as 0.0 (SPEC §8.3).
      if (!taken) {
        line.raw(OUTCOME_V);
        if (list == TOP) {
          number(v.outcomeValue(list, k), "o[%d].v (outcome value)", k, 0);
        } else {
          number(v.outcomeValue(list, k), "_outcomes[%d]._o[%d].v (outcome value)", list, k);
        }
        line.raw(EVENT_ID);
      } else {
        line.raw(OUTCOME_EVENT_ID_FIRST);
      }
      v.outcomeId(list, k, line);
      if (list != TOP) {
        line.raw(OUTCOME_INDEX);
        if (!v.outcomeLiteralIndex(list, k, line)) {
          // VW writes std::to_string of the int index, a JSON string.
          int index = v.outcomeNumericIndex(list, k);
          line.ascii('"');
          if (index < 0) {
            line.ascii('-');
          }
          line.uint(Math.abs((long) index));
          line.ascii('"');
        }
      }
      line.raw(OUTCOME_ACTION_TAKEN).bool(taken);
      line.ascii('}');
    }
  }

  private void slotActions(JoinedView v, int slot) {
    int count = v.actionCount(slot);
    for (int k = 0; k < count; k++) {
      if (k > 0) {
        line.ascii(',');
      }
      line.uint(v.action(slot, k) & U32);
    }
    line.ascii(']');
  }

  /** The probabilities of {@code list}, then ']'; {@code field} names probability k of slot or of the decision. */
  private void probabilities(JoinedView v, int list, String field) {
    int count = v.probabilityCount(list);
    for (int k = 0; k < count; k++) {
      if (k > 0) {
        line.ascii(',');
      }
      if (list == TOP) {
        number(v.probability(list, k), field, k, 0);
      } else {
        number(v.probability(list, k), field, list, k);
      }
    }
    line.ascii(']');
  }

  /** CCB and slates write the top-level id only when it is non-empty, and as a C string: cut at the first NUL. */
  private void topLevelEventId(JoinedView v) {
    int mark = line.length();
    line.raw(EVENT_ID);
    if (!v.eventIdUntilNul(line)) {
      line.truncate(mark);
    }
  }

  /** {@code "VWState":{"m":model}} with the model id cut at its first NUL (all types), then pdrop when not 0. */
  private void modelAndPdrop(JoinedView v, boolean withPdrop) {
    line.raw(VW_STATE);
    v.modelIdUntilNul(line);
    line.ascii('}');
    float pdrop = 1f - v.passProbability();
    // -0.0 == 0.0, so a pass probability of 1 never writes pdrop; NaN != 0 and is caught by number().
    if (withPdrop && pdrop != 0f) {
      line.raw(PDROP);
      number(pdrop, "pdrop (1 - pass probability)");
    }
  }

  private void timestamp(long second) {
    if (!timeCached || second != cachedSecond) {
      cachedTime[0] = '"';
      int end = TimeText.write(second, cachedTime, 1);
      if (end < 0) {
        // Beyond the years TimeText writes in place: formatted as text, and not cached.
        line.ascii('"').ascii(TimeText.format(second)).ascii('"');
        timeCached = false;
        return;
      }
      cachedTime[end] = '"';
      cachedTimeLength = end + 1;
      cachedSecond = second;
      timeCached = true;
    }
    line.raw(cachedTime, 0, cachedTimeLength);
  }

  /**
   * The context as a raw value with every '\n' byte turned into a space, so that the line stays one line (SPEC §8.3).
   * SPEC §0 item 3: VW would write an empty context as {@code "c":,}, cut the whole line at a NUL byte, and copy any
   * other bytes verbatim, so what is written must be one JSON object. The check is on the bytes as written: the
   * replacement can only make a context valid (a raw newline inside a JSON string), never invalid, and such a line is
   * valid JSON identical to VW's.
   */
  private void context(JoinedView v) {
    if (v.contextLength() == 0) {
      problem(DiagnosticReason.INVALID_CONTEXT, "the context is empty");
      return;
    }
    int start = line.length();
    v.context(line);
    // The bytes after the context that the check uses (its end mark, a pair's second byte): in place, no copy.
    byte[] a = line.reserve(JsonSyntax.ROOM).array();
    int end = line.length();
    // One pass that turns newlines into spaces and checks the syntax; only a context that fails is looked at again,
    // to say why.
    if (JsonSyntax.isObjectReplacingNewlines(a, start, end)) {
      return;
    }
    for (int k = start; k < end; k++) {
      if (a[k] == '\n') {
        a[k] = ' ';
      } else if (a[k] == 0 && problem == null) {
        problem(DiagnosticReason.INVALID_CONTEXT, "the context holds a NUL byte at index " + (k - start));
      }
    }
    if (!JsonSyntax.isObject(a, start, end)) {
      problem(DiagnosticReason.INVALID_CONTEXT, "the context is not one JSON object");
    } else if (!copyInvalidUtf8) {
      // The syntax holds, so the writing check failed on the encoding of a string.
      problem(DiagnosticReason.INVALID_UTF8, "the context is not valid UTF-8 at byte "
          + (Utf8.firstInvalid(a, start, end) - start));
    }
  }

  /** Records the first problem of the line. */
  private void problem(DiagnosticReason reason, String text) {
    if (problem == null) {
      problem = reason;
      problemText = text;
    }
  }

  private void number(float v, String field) {
    number(v, field, 0, 0);
  }

  /**
   * Writes a finite number, or records a non-finite one, for which RapidJSON would write nothing and leave invalid JSON
   * (SPEC §8.2, §11 item 17).
   *
   * @param field the field's DSJSON path as a {@link String#format} pattern of {@code i} and {@code j}
   */
  private void number(float v, String field, int i, int j) {
    if (Float.isFinite(v)) {
      line.number(v);
    } else if (problem == null) {
      problem = DiagnosticReason.NON_FINITE_NUMBER;
      badField = field;
      badI = i;
      badJ = j;
      badValue = v;
    }
  }
}
