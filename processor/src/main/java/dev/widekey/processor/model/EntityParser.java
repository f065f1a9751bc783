package dev.widekey.processor.model;

import dev.widekey.annotations.Bucketed;
import dev.widekey.annotations.ColdColumn;
import dev.widekey.annotations.ColumnNaming;
import dev.widekey.annotations.Convert;
import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.Money;
import dev.widekey.annotations.Padded;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Transient;
import dev.widekey.annotations.Version;
import dev.widekey.annotations.WideTable;
import dev.widekey.processor.diagnostics.Diagnostics;
import dev.widekey.processor.diagnostics.Messages;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.WildcardType;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Types;

/**
 * Builds an {@link EntityModel} from one {@code @WideTable} type. Reports shape errors (rule WK100)
 * to the entity's report itself; the design rules run on the model afterwards, also when the shape
 * is wrong (abstract, generic, private, inner), so that every error of the entity is reported at
 * once. Nothing is generated from an entity with errors.
 */
public final class EntityParser {
  private final Types types;
  private final Diagnostics diagnostics;

  /**
   * @param diagnostics the report of the one entity this parser reads
   */
  public EntityParser(Types types, Diagnostics diagnostics) {
    this.types = types;
    this.diagnostics = diagnostics;
  }

  /** Thrown when a type the entity refers to is not generated yet; try again next round. */
  public static final class DeferredException extends Exception {
    private static final long serialVersionUID = 1L;

    private final transient Element element;
    private final String error;

    /** A type named {@code what} is missing; reported on the entity after the last round. */
    public DeferredException(String what) {
      this(what, null, null);
    }

    /**
     * A type is missing that javac does not name (an unresolved class literal); {@code error} is
     * reported on {@code element} after the last round.
     */
    DeferredException(String what, Element element, String error) {
      super(what, null, false, false);
      this.element = element;
      this.error = error;
    }

    /** The element to report on, or null for the entity. */
    public Element element() {
      return element;
    }

    /** The whole message to report, or null for the missing type's. */
    public String error() {
      return error;
    }
  }

  /**
   * The model, also of an entity with shape errors (reported), so that the rules can check its key
   * design too; empty when the type is no record or class, cannot be named (local or anonymous), or
   * a property could not be placed in the key (reported).
   */
  public Optional<EntityModel> parse(TypeElement type) throws DeferredException {
    if (!checkShape(type)) {
      return Optional.empty(); // not a record or class: its members would only produce noise
    }
    // the rules would report errors that are not there on a model missing a property, and
    // generated names of a type that generated code cannot name
    boolean incomplete = !nameable(type);
    WidekeyAnnotations typeAnnotations = WidekeyAnnotations.of(type);
    WideTable wideTable = type.getAnnotation(WideTable.class);

    boolean isRecord = type.getKind() == ElementKind.RECORD;
    checkUnstoredFields(type);
    List<Property> properties = isRecord ? recordProperties(type) : classProperties(type);
    // a record's @Transient components are built with their defaults; a class's are never read.
    // A transient key component is reported (WK212) and stays in the key: the rules check the key
    // as declared, not one missing a component (a spurious WK101), nor skip the entity's other
    // rules
    List<Property> transients = new ArrayList<>();
    for (Property p : properties) {
      if (p.annotations().has(Transient.class)
          && checkTransient(p.element(), p.name(), p.annotations())) {
        transients.add(p);
      }
    }
    properties = properties.stream().filter(p -> !transients.contains(p)).toList();
    Construction construction = isRecord ? Construction.RECORD : construction(type, properties);
    if (construction == Construction.BEAN) {
      properties = withSetters(type, properties);
    } else if (construction == null) {
      construction = Construction.BEAN; // reported; nothing is generated from the entity
    }

    List<KeyComponent> partition = new ArrayList<>();
    List<KeyComponent> keyColumns = new ArrayList<>();
    List<Attribute> attributes = new ArrayList<>();
    for (Property p : properties) {
      boolean inPartition = p.annotations().has(PartitionKey.class);
      boolean keyColumn = p.annotations().has(KeyColumn.class);
      if (inPartition && keyColumn) {
        diagnostics.error(
            p.element(),
            p.annotations().mirror(KeyColumn.class),
            Messages.bothPartitionAndKeyColumn(p.name()));
        incomplete = true;
      } else if (inPartition) {
        int order = p.element().getAnnotation(PartitionKey.class).order();
        partition.add(keyComponent(p, KeyRole.PARTITION, order));
      } else if (keyColumn) {
        int order = p.element().getAnnotation(KeyColumn.class).order();
        keyColumns.add(keyComponent(p, KeyRole.KEY_COLUMN, order));
      } else {
        attributes.add(attribute(p, wideTable.columnNaming()));
      }
    }
    partition = ordered(partition);
    keyColumns = ordered(keyColumns);

    HashPrefixSpec typeHash = hashPrefix(type, typeAnnotations);
    if (incomplete) {
      return Optional.empty();
    }
    String cold =
        wideTable.coldTable().isEmpty() ? wideTable.name() + "_cold" : wideTable.coldTable();
    EntityModel model =
        new EntityModel(
            type,
            typeAnnotations.mirror(WideTable.class),
            wideTable.name(),
            cold,
            wideTable.delimiter(),
            wideTable.profile(),
            wideTable.ttlSeconds(),
            typeHash,
            properties,
            partition,
            keyColumns,
            attributes,
            construction);
    return Optional.of(
        model.withIndexes(IndexParser.parse(type, model)).withTransients(transients));
  }

  /**
   * Reports what keeps the type from being an entity; false if it is not a record or class at all.
   */
  private boolean checkShape(TypeElement type) {
    ElementKind kind = type.getKind();
    if (kind != ElementKind.CLASS && kind != ElementKind.RECORD) {
      diagnostics.error(type, Messages.notRecordOrClass(type.getSimpleName().toString(), kind));
      return false;
    }
    if (type.getModifiers().contains(Modifier.ABSTRACT)) {
      diagnostics.error(type, Messages.abstractEntity(type.getSimpleName().toString()));
    }
    // an entity nested in a private class is as unreachable from its package as a private one
    for (Element e = type; e instanceof TypeElement; e = e.getEnclosingElement()) {
      if (e.getModifiers().contains(Modifier.PRIVATE)) {
        diagnostics.error(type, Messages.privateEntity(type.getSimpleName().toString()));
        break;
      }
    }
    if (type.getNestingKind() == NestingKind.MEMBER
        && !type.getModifiers().contains(Modifier.STATIC)
        && kind == ElementKind.CLASS) {
      diagnostics.error(type, Messages.innerEntity(type.getSimpleName().toString()));
    }
    if (type.getNestingKind() == NestingKind.LOCAL
        || type.getNestingKind() == NestingKind.ANONYMOUS) {
      diagnostics.error(type, Messages.localEntity(type.getSimpleName().toString()));
    }
    if (!type.getTypeParameters().isEmpty()) {
      diagnostics.error(type, Messages.genericEntity(type.getSimpleName().toString()));
    }
    return true;
  }

  /**
   * Whether generated code could name the type: it and every type around it are top-level or member
   * types (a local or anonymous class is reported by {@link #checkShape}).
   */
  private static boolean nameable(TypeElement type) {
    for (Element e = type; e instanceof TypeElement t; e = e.getEnclosingElement()) {
      if (t.getNestingKind() != NestingKind.TOP_LEVEL && t.getNestingKind() != NestingKind.MEMBER) {
        return false;
      }
    }
    return true;
  }

  private List<Property> recordProperties(TypeElement type) throws DeferredException {
    List<Property> out = new ArrayList<>();
    for (RecordComponentElement c : type.getRecordComponents()) {
      TypeMirror t = c.asType();
      String name = c.getSimpleName().toString();
      checkTypeAccessible(type, c, name, t);
      out.add(
          new Property(
              name,
              c,
              t,
              kindOf(t),
              t.getKind().isPrimitive(),
              WidekeyAnnotations.of(c),
              name,
              true,
              null));
    }
    return out;
  }

  private List<Property> classProperties(TypeElement type) throws DeferredException {
    checkInheritedFields(type);
    List<Property> out = new ArrayList<>();
    List<ExecutableElement> methods = ElementFilter.methodsIn(type.getEnclosedElements());
    for (VariableElement f : ElementFilter.fieldsIn(type.getEnclosedElements())) {
      if (f.getModifiers().contains(Modifier.STATIC)
          || f.getModifiers().contains(Modifier.TRANSIENT)) {
        continue;
      }
      String name = f.getSimpleName().toString();
      TypeMirror t = f.asType();
      WidekeyAnnotations annotations = WidekeyAnnotations.of(f);
      if (annotations.has(Transient.class) && !keyComponent(annotations)) {
        checkTransient(f, name, annotations); // neither stored nor set: no accessor needed
        continue;
      }
      ValueKind kind = kindOf(t);
      checkTypeAccessible(type, f, name, t);
      if (!f.getModifiers().contains(Modifier.PRIVATE)) {
        out.add(
            new Property(
                name, f, t, kind, t.getKind().isPrimitive(), annotations, name, false, null));
        continue;
      }
      String getter = findGetter(methods, name, t);
      if (getter == null) {
        diagnostics.error(f, Messages.noGetter(name, capitalized(name)));
        getter = name; // reported; kept so that the rules see the whole entity
      }
      out.add(
          new Property(
              name, f, t, kind, t.getKind().isPrimitive(), annotations, getter, true, null));
    }
    refuseSharedAccessors(out, Property::reader, "getter");
    return out;
  }

  /**
   * Reports a property whose accessor is also another property's ({@code isActive()} is the getter
   * of both {@code active} and Kotlin's {@code isActive}, {@code setActive} their setter):
   * generated code would read or set one field for the other. A property with two accessors of its
   * own ({@code isActive()} and {@code getActive()}) is no such case: it is read through the first
   * of {@code isX}, {@code getX}, {@code x}.
   */
  private void refuseSharedAccessors(
      List<Property> properties, Function<Property, String> accessor, String what) {
    Map<String, Property> owners = new HashMap<>();
    for (Property p : properties) {
      String method = accessor.apply(p);
      if (method == null || what.equals("getter") && !p.readerIsMethod()) {
        continue; // a public field is read as a field
      }
      Property owner = owners.putIfAbsent(method, p);
      if (owner != null) {
        diagnostics.error(
            p.element(), Messages.sharedAccessor(p.name(), what, method, owner.name()));
      }
    }
  }

  /**
   * Reports a field whose declared type the classes generated beside the entity could not name (a
   * private nested enum, a protected one inherited from another package): they are top-level
   * classes of the entity's package, so javac would fail on them instead.
   */
  private void checkTypeAccessible(TypeElement entity, Element field, String name, TypeMirror t) {
    String pkg = GeneratedTypeNames.packageName(entity);
    TypeElement owner = hiddenType(t, pkg);
    if (owner == null) {
      return;
    }
    Set<Modifier> modifiers = owner.getModifiers();
    String access =
        modifiers.contains(Modifier.PRIVATE)
            ? "private"
            : modifiers.contains(Modifier.PROTECTED) ? "protected" : "package-private";
    diagnostics.error(
        field,
        Messages.inaccessibleFieldType(
            name,
            t.toString(),
            owner.getQualifiedName().toString(),
            access,
            entity.getSimpleName().toString(),
            GeneratedTypeNames.packageName(owner).equals(pkg)));
  }

  /**
   * The first type that code in package {@code pkg} cannot name in {@code t}: the type or one
   * around it, or one in its type arguments or array component (a converted field's type may be
   * {@code List<Secret>}, and generated code declares locals of it); null if there is none.
   */
  private static TypeElement hiddenType(TypeMirror t, String pkg) {
    switch (t.getKind()) {
      case ARRAY:
        return hiddenType(((ArrayType) t).getComponentType(), pkg);
      case WILDCARD:
        WildcardType w = (WildcardType) t;
        TypeMirror bound = w.getExtendsBound() != null ? w.getExtendsBound() : w.getSuperBound();
        return bound == null ? null : hiddenType(bound, pkg);
      case DECLARED:
        break;
      default:
        return null;
    }
    for (Element e = ((DeclaredType) t).asElement();
        e instanceof TypeElement owner;
        e = e.getEnclosingElement()) {
      Set<Modifier> modifiers = owner.getModifiers();
      if (modifiers.contains(Modifier.PRIVATE)
          || !modifiers.contains(Modifier.PUBLIC)
              && !GeneratedTypeNames.packageName(owner).equals(pkg)) {
        return owner;
      }
    }
    for (TypeMirror argument : ((DeclaredType) t).getTypeArguments()) {
      TypeElement hidden = hiddenType(argument, pkg);
      if (hidden != null) {
        return hidden;
      }
    }
    return null;
  }

  /**
   * A widekey annotation on a static or transient field would be silently ignored, as neither is
   * stored (a transient {@code @Version} would make every put unconditional): reports each such
   * field, on the field.
   */
  private void checkUnstoredFields(TypeElement type) {
    for (VariableElement f : ElementFilter.fieldsIn(type.getEnclosedElements())) {
      Set<Modifier> modifiers = f.getModifiers();
      String modifier =
          modifiers.contains(Modifier.STATIC)
              ? "static"
              : modifiers.contains(Modifier.TRANSIENT) ? "transient" : null;
      WidekeyAnnotations annotations = WidekeyAnnotations.of(f);
      if (modifier == null
          || annotations.mirrors().isEmpty()
          || (annotations.types().size() == 1
              && annotations.has(Transient.class))) { // says what 'transient' does
        continue;
      }
      String name = f.getSimpleName().toString();
      if (annotations.has(Version.class)) {
        diagnostics.error(
            f, annotations.mirror(Version.class), Messages.unstoredVersion(name, modifier));
      } else {
        String names =
            annotations.mirrors().keySet().stream()
                .map(a -> "@" + a.getSimpleName())
                .collect(Collectors.joining(", "));
        diagnostics.error(
            f,
            annotations.mirrors().values().iterator().next(),
            Messages.unstoredFieldAnnotated(name, modifier, names));
      }
    }
  }

  /** Instance fields of superclasses would be neither stored nor read back: reports each one. */
  private void checkInheritedFields(TypeElement type) {
    TypeMirror superclass = type.getSuperclass();
    while (superclass.getKind() == TypeKind.DECLARED) {
      TypeElement parent = (TypeElement) ((DeclaredType) superclass).asElement();
      if (parent.getQualifiedName().contentEquals("java.lang.Object")) {
        return;
      }
      for (VariableElement f : ElementFilter.fieldsIn(parent.getEnclosedElements())) {
        if (!f.getModifiers().contains(Modifier.STATIC)
            && !f.getModifiers().contains(Modifier.TRANSIENT)) {
          diagnostics.error(
              type,
              Messages.inheritedField(
                  type.getSimpleName().toString(),
                  f.getSimpleName().toString(),
                  parent.getSimpleName().toString()));
        }
      }
      superclass = parent.getSuperclass();
    }
  }

  private String findGetter(List<ExecutableElement> methods, String name, TypeMirror type) {
    List<String> candidates = new ArrayList<>(List.of("get" + capitalized(name), name));
    if (type.getKind() == TypeKind.BOOLEAN) {
      candidates.add(0, "is" + capitalized(name));
    }
    for (String candidate : candidates) {
      for (ExecutableElement m : methods) {
        if (m.getSimpleName().contentEquals(candidate)
            && m.getParameters().isEmpty()
            && !m.getModifiers().contains(Modifier.PRIVATE)
            && !m.getModifiers().contains(Modifier.STATIC)
            && types.isSameType(m.getReturnType(), type)) {
          checkThrows(m, "getter " + candidate + "()");
          return candidate;
        }
      }
    }
    return null;
  }

  /**
   * Reports a constructor or accessor generated code calls that declares a checked exception: the
   * generated methods declare none, so the call would not compile.
   */
  private void checkThrows(ExecutableElement member, String what) {
    String checked = checkedThrows(member);
    if (checked != null) {
      diagnostics.error(
          member,
          Messages.memberThrows(
              member.getEnclosingElement().getSimpleName().toString(), what, checked));
    }
  }

  /** The checked exceptions {@code member} declares, simple names joined by ", "; or null. */
  private static String checkedThrows(ExecutableElement member) {
    if (member == null) {
      return null;
    }
    List<String> checked = new ArrayList<>();
    for (TypeMirror t : member.getThrownTypes()) {
      if (!unchecked(t) && t.getKind() == TypeKind.DECLARED) {
        checked.add(((DeclaredType) t).asElement().getSimpleName().toString());
      }
    }
    return checked.isEmpty() ? null : String.join(", ", checked);
  }

  /** Whether a thrown type is a RuntimeException or an Error, which no caller must handle. */
  private static boolean unchecked(TypeMirror thrown) {
    for (TypeMirror t = thrown;
        t.getKind() == TypeKind.DECLARED;
        t = ((TypeElement) ((DeclaredType) t).asElement()).getSuperclass()) {
      String name = ((TypeElement) ((DeclaredType) t).asElement()).getQualifiedName().toString();
      if (name.equals("java.lang.RuntimeException") || name.equals("java.lang.Error")) {
        return true;
      }
    }
    return false;
  }

  /** How to build the entity, or null (reported) when no constructor will do. */
  private Construction construction(TypeElement type, List<Property> properties) {
    boolean noArgs = false;
    ExecutableElement noArgsConstructor = null;
    ExecutableElement misnamed = null;
    for (ExecutableElement c : ElementFilter.constructorsIn(type.getEnclosedElements())) {
      if (c.getModifiers().contains(Modifier.PRIVATE)) {
        continue;
      }
      if (c.getParameters().isEmpty()) {
        noArgs = true;
        noArgsConstructor = c;
      } else if (matchesAll(c, properties)) {
        if (misplacedParameter(c, properties) < 0) {
          checkThrows(c, "constructor " + type.getSimpleName() + "(...)");
          return Construction.ALL_ARGS_CONSTRUCTOR;
        }
        misnamed = c;
      }
    }
    if (noArgs) {
      checkThrows(noArgsConstructor, "constructor " + type.getSimpleName() + "()");
      return Construction.BEAN;
    }
    if (type.getModifiers().contains(Modifier.PRIVATE)) {
      // its implicit constructor is private too; the private-entity error already says the fix
      return Construction.BEAN;
    }
    if (misnamed != null) {
      int i = misplacedParameter(misnamed, properties);
      diagnostics.error(
          misnamed,
          Messages.constructorOrder(
              type.getSimpleName().toString(),
              misnamed.getParameters().get(i).getSimpleName().toString(),
              properties.get(i).name()));
      return null;
    }
    diagnostics.error(type, Messages.noConstructor(type.getSimpleName().toString()));
    return null;
  }

  private boolean matchesAll(ExecutableElement constructor, List<Property> properties) {
    if (constructor.getParameters().size() != properties.size()) {
      return false;
    }
    for (int i = 0; i < properties.size(); i++) {
      if (!types.isSameType(
          constructor.getParameters().get(i).asType(), properties.get(i).type())) {
        return false;
      }
    }
    return true;
  }

  /**
   * The first parameter named like another field than the one declared at its place, or -1: its
   * types match, but generated code passes values in declaration order, so taking it would set each
   * field to another's value. Other names (arg0 of a class file without -parameters) pass.
   */
  private static int misplacedParameter(ExecutableElement constructor, List<Property> properties) {
    Set<String> names = properties.stream().map(Property::name).collect(Collectors.toSet());
    for (int i = 0; i < properties.size(); i++) {
      String parameter = constructor.getParameters().get(i).getSimpleName().toString();
      if (!parameter.equals(properties.get(i).name()) && names.contains(parameter)) {
        return i;
      }
    }
    return -1;
  }

  /**
   * The properties of a bean entity with the setters generated code calls: none for a public field,
   * which is assigned; a missing setter is reported.
   */
  private List<Property> withSetters(TypeElement type, List<Property> properties) {
    List<ExecutableElement> methods = ElementFilter.methodsIn(type.getEnclosedElements());
    List<Property> out = new ArrayList<>();
    for (Property p : properties) {
      Element field = p.element();
      if (!field.getModifiers().contains(Modifier.PRIVATE)
          && !field.getModifiers().contains(Modifier.FINAL)) {
        out.add(p);
        continue;
      }
      String setter = null;
      for (String candidate : setterNames(p)) {
        Optional<ExecutableElement> found =
            methods.stream()
                .filter(
                    m ->
                        m.getSimpleName().contentEquals(candidate)
                            && m.getParameters().size() == 1
                            && !m.getModifiers().contains(Modifier.PRIVATE)
                            && !m.getModifiers().contains(Modifier.STATIC)
                            && types.isSameType(m.getParameters().get(0).asType(), p.type()))
                .findFirst();
        if (found.isPresent()) {
          checkThrows(found.get(), "setter " + candidate + "(...)");
          setter = candidate;
          break;
        }
      }
      if (setter == null) {
        setter = setterNames(p).get(0);
        diagnostics.error(
            field, Messages.noSetter(p.name(), setter, type.getSimpleName().toString()));
      }
      out.add(p.withSetter(setter));
    }
    refuseSharedAccessors(out, Property::setter, "setter");
    return out;
  }

  /**
   * The setters that may set a property, in the order they are looked for: {@code setName}, and for
   * a boolean named {@code isActive} also {@code setActive}, which Kotlin properties ({@code var
   * isActive: Boolean}) and Lombok generate next to their getter {@code isActive()}.
   */
  private static List<String> setterNames(Property p) {
    String name = p.name();
    List<String> out = new ArrayList<>(List.of("set" + capitalized(name)));
    if (p.kind() == ValueKind.BOOLEAN
        && name.length() > 2
        && name.startsWith("is")
        && Character.isUpperCase(name.charAt(2))) {
      out.add("set" + name.substring(2));
    }
    return out;
  }

  /**
   * Components of one role in key order: by their stated orders when any states one (a mix of
   * stated and unstated orders, or a repeated order, is reported by the rules), else in declaration
   * order, numbered from 0.
   */
  private static List<KeyComponent> ordered(List<KeyComponent> declared) {
    List<KeyComponent> out = new ArrayList<>();
    if (declared.stream().noneMatch(KeyComponent::orderStated)) {
      for (KeyComponent c : declared) {
        out.add(c.withOrder(out.size()));
      }
      return out;
    }
    out.addAll(declared);
    out.sort(
        Comparator.comparingInt(KeyComponent::order)); // stable: ties stay in declaration order
    return out;
  }

  private KeyComponent keyComponent(Property p, KeyRole role, int order) {
    Element e = p.element();
    Padded padded = e.getAnnotation(Padded.class);
    KeyChars chars = e.getAnnotation(KeyChars.class);
    MaxLength max = e.getAnnotation(MaxLength.class);
    PaddingSpec padding =
        padded == null
            ? null
            : new PaddingSpec(
                padded.width(), padded.signed(), p.annotations().mirror(Padded.class));
    if (padding == null
        && role == KeyRole.PARTITION
        && p.kind().integral()
        && e.getAnnotation(Bucketed.class) != null) {
      // a bucketed number is stored as text after its bucket: padded to its type's width, signed,
      // so that its text order is its numeric order (what @Padded would do)
      padding = new PaddingSpec(p.kind().maxDigits(), true, p.annotations().mirror(Bucketed.class));
    }
    return new KeyComponent(
        p,
        role,
        order,
        padding,
        hashPrefix(e, p.annotations()),
        chars == null ? null : chars.value(),
        max == null ? 0 : max.value());
  }

  /** {@code @HashPrefix} on a component or on the entity type, or null. */
  private static HashPrefixSpec hashPrefix(Element e, WidekeyAnnotations annotations) {
    HashPrefix hash = e.getAnnotation(HashPrefix.class);
    return hash == null
        ? null
        : new HashPrefixSpec(
            hash.length(),
            hash.algorithm(),
            hash.partitions(),
            e,
            annotations.mirror(HashPrefix.class));
  }

  private Attribute attribute(Property p, ColumnNaming naming) throws DeferredException {
    ColdColumn cold = p.element().getAnnotation(ColdColumn.class);
    Money money = p.element().getAnnotation(Money.class);
    return new Attribute(
        p,
        cold != null && cold.compress(),
        money == null ? -1 : money.scale(),
        cold == null ? 0 : cold.maxInflatedBytes(),
        ColumnNames.attribute(p.name(), naming),
        converter(p));
  }

  /**
   * Reports a {@code @Transient} field that also carries another widekey annotation (a key
   * component above all: every row needs its key); false when it is a key component.
   */
  private boolean checkTransient(Element field, String name, WidekeyAnnotations annotations) {
    AnnotationMirror at = annotations.mirror(Transient.class);
    if (keyComponent(annotations)) {
      String role = annotations.has(PartitionKey.class) ? "@PartitionKey" : "@KeyColumn";
      diagnostics.error(field, at, Messages.transientKey(name, role));
      return false;
    }
    String others =
        annotations.types().stream()
            .filter(a -> a != Transient.class)
            .map(a -> "@" + a.getSimpleName())
            .collect(Collectors.joining(", "));
    if (!others.isEmpty()) {
      diagnostics.error(field, at, Messages.transientAnnotated(name, others));
    }
    return true;
  }

  /** Whether the annotations make their field a key component. */
  private static boolean keyComponent(WidekeyAnnotations annotations) {
    return annotations.has(PartitionKey.class) || annotations.has(KeyColumn.class);
  }

  /** The qualified name of the runtime's converter interface. */
  static final String ATTRIBUTE_CONVERTER = "dev.widekey.runtime.value.AttributeConverter";

  /** The {@code @Convert} of a property, resolved (checked by the rules, WK212), or null. */
  private ConverterSpec converter(Property p) throws DeferredException {
    AnnotationMirror mirror = p.annotations().mirror(Convert.class);
    if (mirror == null) {
      return null;
    }
    TypeMirror converter = null;
    for (var e : mirror.getElementValues().entrySet()) {
      if (e.getKey().getSimpleName().contentEquals("value")) {
        AnnotationValue v = e.getValue();
        if (v.getValue() instanceof TypeMirror t) {
          converter = t;
        }
      }
    }
    if (converter == null) {
      // javac gives an unresolved class literal as the text "<error>", without its name
      throw new DeferredException(
          "@Convert of " + p.name(),
          p.element(),
          Messages.missingConverter(
              p.element().getEnclosingElement().getSimpleName().toString(), p.name()));
    }
    if (converter.getKind() == TypeKind.ERROR) {
      throw new DeferredException(converter.toString());
    }
    if (converter.getKind() != TypeKind.DECLARED) {
      return new ConverterSpec(
          converter,
          converter.toString(),
          mirror,
          false,
          null,
          false,
          null,
          ValueKind.UNSUPPORTED,
          false,
          false,
          null);
    }
    TypeElement element = (TypeElement) ((DeclaredType) converter).asElement();
    DeclaredType implemented = converterSupertype(converter);
    TypeMirror javaType = null;
    TypeMirror storedType = null;
    if (implemented != null && implemented.getTypeArguments().size() == 2) {
      javaType = implemented.getTypeArguments().get(0);
      storedType = implemented.getTypeArguments().get(1);
      if (javaType.getKind() != TypeKind.DECLARED && javaType.getKind() != TypeKind.ARRAY) {
        javaType = null; // a type variable or wildcard: not a converter of one type
      }
    }
    return new ConverterSpec(
        converter,
        element.getQualifiedName().toString(),
        mirror,
        implemented != null,
        javaType,
        implemented != null && implemented.getTypeArguments().isEmpty(),
        storedType,
        storedKind(storedType),
        javaType != null && types.isSameType(javaType, p.type()),
        publicNoArgs(element),
        checkedThrows(
            ElementFilter.constructorsIn(element.getEnclosedElements()).stream()
                .filter(k -> k.getParameters().isEmpty())
                .findFirst()
                .orElse(null)));
  }

  /** {@code AttributeConverter<J, S>} among the supertypes of {@code t}, or null. */
  private DeclaredType converterSupertype(TypeMirror t) {
    for (TypeMirror s : types.directSupertypes(t)) {
      if (s instanceof DeclaredType d
          && ((TypeElement) d.asElement()).getQualifiedName().contentEquals(ATTRIBUTE_CONVERTER)) {
        return d;
      }
      DeclaredType deeper = converterSupertype(s);
      if (deeper != null) {
        return deeper;
      }
    }
    return null;
  }

  /** What a converter's stored type is stored as, or UNSUPPORTED. */
  private static ValueKind storedKind(TypeMirror stored) {
    if (stored == null) {
      return ValueKind.UNSUPPORTED;
    }
    if (stored.getKind() == TypeKind.ARRAY) {
      return ((ArrayType) stored).getComponentType().getKind() == TypeKind.BYTE
          ? ValueKind.BYTES
          : ValueKind.UNSUPPORTED;
    }
    if (stored.getKind() != TypeKind.DECLARED) {
      return ValueKind.UNSUPPORTED;
    }
    String name = ((TypeElement) ((DeclaredType) stored).asElement()).getQualifiedName().toString();
    return switch (name) {
      case "java.lang.String" -> ValueKind.STRING;
      case "java.lang.Long" -> ValueKind.LONG;
      case "java.lang.Double" -> ValueKind.DOUBLE;
      case "java.lang.Boolean" -> ValueKind.BOOLEAN;
      default -> ValueKind.UNSUPPORTED;
    };
  }

  /**
   * Whether generated code in any package can write {@code new C()}: a public concrete class, not
   * inner, in public types only, with a public no-argument constructor.
   */
  private static boolean publicNoArgs(TypeElement c) {
    if (c.getKind() != ElementKind.CLASS || c.getModifiers().contains(Modifier.ABSTRACT)) {
      return false;
    }
    for (Element e = c; e instanceof TypeElement t; e = e.getEnclosingElement()) {
      if (!t.getModifiers().contains(Modifier.PUBLIC)) {
        return false;
      }
      if (t.getNestingKind() == NestingKind.MEMBER && !t.getModifiers().contains(Modifier.STATIC)) {
        return false;
      }
      if (t.getNestingKind() == NestingKind.LOCAL || t.getNestingKind() == NestingKind.ANONYMOUS) {
        return false;
      }
    }
    return ElementFilter.constructorsIn(c.getEnclosedElements()).stream()
        .anyMatch(k -> k.getParameters().isEmpty() && k.getModifiers().contains(Modifier.PUBLIC));
  }

  private ValueKind kindOf(TypeMirror t) throws DeferredException {
    switch (t.getKind()) {
      case LONG:
        return ValueKind.LONG;
      case INT:
        return ValueKind.INT;
      case SHORT:
        return ValueKind.SHORT;
      case BYTE:
        return ValueKind.BYTE;
      case BOOLEAN:
        return ValueKind.BOOLEAN;
      case DOUBLE:
        return ValueKind.DOUBLE;
      case FLOAT:
        return ValueKind.FLOAT;
      case ERROR:
        throw new DeferredException(t.toString());
      case ARRAY:
        return ((ArrayType) t).getComponentType().getKind() == TypeKind.BYTE
            ? ValueKind.BYTES
            : ValueKind.UNSUPPORTED;
      case DECLARED:
        {
          Element element = ((DeclaredType) t).asElement();
          if (element.getKind() == ElementKind.ENUM) {
            return ValueKind.ENUM;
          }
          String name = ((TypeElement) element).getQualifiedName().toString();
          return switch (name) {
            case "java.lang.String" -> ValueKind.STRING;
            case "java.lang.Long" -> ValueKind.LONG;
            case "java.lang.Integer" -> ValueKind.INT;
            case "java.lang.Short" -> ValueKind.SHORT;
            case "java.lang.Byte" -> ValueKind.BYTE;
            case "java.lang.Boolean" -> ValueKind.BOOLEAN;
            case "java.lang.Double" -> ValueKind.DOUBLE;
            case "java.lang.Float" -> ValueKind.FLOAT;
            case "java.util.UUID" -> ValueKind.UUID;
            case "java.time.Instant" -> ValueKind.INSTANT;
            case "java.time.LocalDate" -> ValueKind.LOCAL_DATE;
            case "java.time.LocalDateTime" -> ValueKind.LOCAL_DATE_TIME;
            case "java.time.OffsetDateTime" -> ValueKind.OFFSET_DATE_TIME;
            case "java.time.ZonedDateTime" -> ValueKind.ZONED_DATE_TIME;
            case "java.math.BigDecimal" -> ValueKind.BIG_DECIMAL;
            default -> ValueKind.UNSUPPORTED;
          };
        }
      default:
        return ValueKind.UNSUPPORTED;
    }
  }

  private static String capitalized(String name) {
    return Character.toUpperCase(name.charAt(0)) + name.substring(1);
  }
}
