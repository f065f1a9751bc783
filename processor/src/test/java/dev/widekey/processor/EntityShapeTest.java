package dev.widekey.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.widekey.processor.Fixtures.bad;
import static dev.widekey.processor.Fixtures.compile;
import static dev.widekey.processor.RuleAssertions.assertError;
import static dev.widekey.processor.RuleAssertions.assertRejected;

import com.google.testing.compile.Compilation;
import dev.widekey.core.Rule;
import dev.widekey.processor.diagnostics.Messages;
import javax.lang.model.element.ElementKind;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * WK100: an entity is a concrete, non-generic record or class whose properties generated code can
 * read and set, of storable types. Passing fixtures: every good fixture, among them the class
 * entities {@code BeanAccount} (setters) and {@code AllArgsAccount} (all-args constructor).
 */
class EntityShapeTest {

  @Test
  void widekeyAnnotationsOnStaticOrTransientFieldsAreErrors() {
    JavaFileObject f = bad("wk100/StaticAndTransientKeys");
    Compilation c = compile(f);

    assertRejected(c, 3);
    assertError(
        c,
        Rule.WK100,
        Messages.unstoredFieldAnnotated("seq", "static", "@KeyColumn"),
        f,
        "@KeyColumn(order = 0) public static long seq");
    assertError(
        c,
        Rule.WK100,
        Messages.unstoredFieldAnnotated("note", "transient", "@ColdColumn"),
        f,
        "@ColdColumn public transient String note");
    assertError(
        c,
        Rule.WK208,
        Messages.unstoredVersion("version", "static"),
        f,
        "@Version public static long version");
    assertThat(Messages.unstoredFieldAnnotated("seq", "static", "@KeyColumn"))
        .contains("keeps it out of storage");
  }

  @Test
  void aWidekeyAnnotationOnARecordsStaticFieldIsAnError() {
    JavaFileObject f = bad("wk100/StaticOnRecord");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK100,
        Messages.unstoredFieldAnnotated("shared", "static", "@ColdColumn"),
        f,
        "@ColdColumn static String shared");
  }

  @Test
  void interfaceIsNoEntity() {
    JavaFileObject f = bad("wk100/InterfaceEntity");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK100,
        Messages.notRecordOrClass("InterfaceEntity", ElementKind.INTERFACE),
        f,
        "public interface InterfaceEntity");
  }

  @Test
  void enumIsNoEntity() {
    JavaFileObject f = bad("wk100/EnumEntity");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK100,
        Messages.notRecordOrClass("EnumEntity", ElementKind.ENUM),
        f,
        "public enum EnumEntity");
  }

  @Test
  void abstractClassCannotBeCreated() {
    JavaFileObject f = bad("wk100/AbstractEntity");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c, Rule.WK100, Messages.abstractEntity("AbstractEntity"), f, "public abstract class");
  }

  @Test
  void privateClassIsInvisibleToGeneratedCode() {
    JavaFileObject f = bad("wk100/PrivateEntityOuter");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(c, Rule.WK100, Messages.privateEntity("PrivateEntity"), f, "class PrivateEntity {");
  }

  @Test
  void innerClassNeedsAnEnclosingInstance() {
    JavaFileObject f = bad("wk100/InnerEntityOuter");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c, Rule.WK100, Messages.innerEntity("InnerEntity"), f, "public class InnerEntity {");
  }

  @Test
  void privateFieldWithoutUsableGetter() {
    JavaFileObject f = bad("wk100/NoGetter");
    Compilation c = compile(f);

    // a private getter and a getter of the wrong type do not count; every such field is reported
    assertRejected(c, 3);
    assertError(c, Rule.WK100, Messages.noGetter("secret", "Secret"), f, "private String secret;");
    assertError(c, Rule.WK100, Messages.noGetter("pin", "Pin"), f, "private long pin;");
    assertError(
        c, Rule.WK100, Messages.noGetter("nickname", "Nickname"), f, "private String nickname;");
  }

  @Test
  void classWithoutUsableConstructor() {
    JavaFileObject f = bad("wk100/NoConstructor");
    Compilation c = compile(f);

    // the all-args constructor takes the fields in another order, the matching one is private
    assertRejected(c, 1);
    assertError(
        c, Rule.WK100, Messages.noConstructor("NoConstructor"), f, "public class NoConstructor");
  }

  /**
   * A constructor whose parameter types follow the fields but whose names put two fields of one
   * type the other way round: generated code passes the values in declaration order, so taking it
   * would store each field's value as the other's.
   */
  @Test
  void constructorNamingTheFieldsInAnotherOrder() {
    JavaFileObject f = bad("wk100/SwappedConstructor");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK100,
        Messages.constructorOrder("SwappedConstructor", "second", "first"),
        f,
        "public SwappedConstructor(String id, String second, String first)");
  }

  /**
   * Generated code calls an entity's constructor, getters and setters from methods that throw no
   * checked exception: one that declares a checked exception would be a javac error in a generated
   * file, so it is WK100 on that member; an unchecked one is accepted.
   */
  @Test
  void accessorsAndConstructorsDeclaringCheckedExceptions() {
    JavaFileObject f = bad("wk100/ThrowingAccessors");
    Compilation c = compile(f);

    assertRejected(c, 3);
    assertError(
        c,
        Rule.WK100,
        Messages.memberThrows("ThrowingAccessors", "constructor ThrowingAccessors()", "Exception"),
        f,
        "public ThrowingAccessors() throws Exception");
    assertError(
        c,
        Rule.WK100,
        Messages.memberThrows("ThrowingAccessors", "getter getId()", "IOException"),
        f,
        "public String getId() throws IOException");
    assertError(
        c,
        Rule.WK100,
        Messages.memberThrows("ThrowingAccessors", "setter setNote(...)", "InterruptedException"),
        f,
        "public void setNote(String note) throws InterruptedException");

    JavaFileObject g = bad("wk100/ThrowingConstructor");
    c = compile(g);
    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK100,
        Messages.memberThrows(
            "ThrowingConstructor", "constructor ThrowingConstructor(...)", "IOException"),
        g,
        "public ThrowingConstructor(String id, String note) throws");
  }

  @Test
  void beanFieldWithoutSetter() {
    JavaFileObject f = bad("wk100/NoSetter");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c, Rule.WK100, Messages.noSetter("name", "setName", "NoSetter"), f, "private String name;");
  }

  @Test
  void inheritedFieldWouldBeLost() {
    JavaFileObject f = bad("wk100/InheritedField");
    Compilation c = compile(f);

    // static and transient fields of the superclass are not stored anyway: no error for them
    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK100,
        Messages.inheritedField("InheritedField", "createdBy", "Audited"),
        f,
        "public class InheritedField");
  }

  @Test
  void genericEntityHasNoConcreteShape() {
    JavaFileObject f = bad("wk100/GenericEntity");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK100,
        Messages.genericEntity("GenericEntity"),
        f,
        "public record GenericEntity<T>");
  }

  @Test
  void collectionsAreNoColumnType() {
    JavaFileObject f = bad("wk100/ListAttribute");
    Compilation c = compile(f);

    assertRejected(c, 2);
    assertError(
        c,
        Rule.WK100,
        Messages.unsupportedAttribute("tags", "java.util.List<java.lang.String>"),
        f,
        "List<String> tags");
    assertError(
        c,
        Rule.WK100,
        Messages.unsupportedAttribute("votes", "java.util.Map<java.lang.String,java.lang.Integer>"),
        f,
        "Map<String, Integer> votes");
  }

  @Test
  void wkPrefixIsReserved() {
    JavaFileObject f = bad("wk100/ReservedName");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(c, Rule.WK100, Messages.reservedName("wk_version"), f, "long wk_version");
  }

  @Test
  void missingTypeIsReportedOnTheEntityAfterTheLastRound() {
    JavaFileObject f = bad("wk100/MissingType");
    Compilation c = compile(f);

    // javac's own "cannot find symbol", and widekey's error naming the entity
    assertRejected(c, 2);
    assertThat(c)
        .hadErrorContaining("cannot find symbol")
        .inFile(f)
        .onLineContaining("DoesNotExist thing");
    assertError(
        c,
        Rule.WK100,
        Messages.missingType("MissingType", "DoesNotExist"),
        f,
        "public record MissingType");
  }

  /**
   * A @Convert class that does not exist: javac gives the processor no type for it (an error value,
   * no name), so widekey's error names the field whose @Convert it is, on that field.
   */
  @Test
  void missingConverterIsReportedOnItsField() {
    JavaFileObject f = bad("wk100/MissingConverter");
    Compilation c = compile(f);

    assertRejected(c, 2);
    assertThat(c)
        .hadErrorContaining("cannot find symbol")
        .inFile(f)
        .onLineContaining("NoSuchConverter.class");
    assertError(
        c,
        Rule.WK100,
        Messages.missingConverter("MissingConverter", "tags"),
        f,
        "@Convert(NoSuchConverter.class) String tags");
  }
}
