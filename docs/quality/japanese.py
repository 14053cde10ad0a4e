"""A deterministic Japanese timeline for the classifier reports: short posts on eight
topics, written from sentence templates and topic nouns (common words that MeCab's
ipadic knows as nouns), by 300 authors who each lean to one topic.

The made-up human likes two topics, cats and baking: a post is `favorite` when its
topic is one of them. The topics are separable by their nouns, but not cleanly:
- each topic noun slot takes, one time in eight, a noun of another topic at random;
- every post carries two or three nouns that every topic uses (今日, 友達, 写真, ...);
- an author writes on their own topic seven times in ten, else on any topic, so the
  author is weak evidence of the label.

Usage (a module): posts(count, seed) -> [{"id", "text", "author", "label"}]
                  post(topic_kind, draw) -> one clearly-labelled post ("favorite" or
                  "normal": no stray noun), for the issue's end-to-end case.
"""
import random

FAVORITE_TOPICS = ("cats", "baking")

TOPICS = {
    "cats": ["猫", "子猫", "肉球", "尻尾", "首輪", "猫缶", "毛並み", "寝顔", "鳴き声", "三毛",
             "黒猫", "白猫", "縁側", "日向", "爪", "段ボール", "毛玉", "獣医", "猫砂", "膝",
             "ひげ", "猫舌", "野良猫", "里親", "保護猫", "毛布", "ブラッシング", "おやつ", "昼寝", "欠伸"],
    "baking": ["ケーキ", "クッキー", "生地", "小麦粉", "バター", "砂糖", "オーブン", "生クリーム", "チョコレート", "苺",
               "タルト", "スコーン", "マフィン", "抹茶", "蜂蜜", "泡立て器", "レシピ", "発酵", "酵母", "林檎",
               "シナモン", "カスタード", "プリン", "焼き色", "紅茶", "メレンゲ", "パイ", "ドーナツ", "ワッフル", "キャラメル"],
    "work": ["会議", "資料", "上司", "締め切り", "残業", "会社", "取引先", "見積もり", "請求書", "出張",
             "報告書", "部長", "同僚", "企画", "予算", "面接", "研修", "契約", "打ち合わせ", "議事録",
             "人事", "経理", "納品", "案件", "決算", "名刺", "営業", "顧客", "提案", "稟議"],
    "commute": ["電車", "駅", "遅延", "満員電車", "乗り換え", "ホーム", "改札", "定期券", "終電", "始発",
                "路線", "車両", "運転", "振替輸送", "快速", "特急", "地下鉄", "バス", "渋滞", "高速道路",
                "信号", "踏切", "時刻表", "運賃", "座席", "吊り革", "車掌", "急行", "通勤", "タクシー"],
    "weather": ["天気", "雨", "台風", "気温", "湿度", "晴れ", "曇り", "雪", "梅雨", "傘",
                "予報", "気象庁", "猛暑", "熱中症", "雷", "花粉", "低気圧", "夕立", "洪水", "警報",
                "風", "紫外線", "霧", "雹", "積雪", "寒波", "乾燥", "最高気温", "冷房", "暖房"],
    "politics": ["選挙", "国会", "首相", "法案", "政府", "与党", "野党", "予算案", "記者会見", "外交",
                 "税金", "年金", "円安", "株価", "景気", "物価", "為替", "経済", "条約", "大臣",
                 "議員", "投票", "世論調査", "知事", "裁判", "判決", "事件", "警察", "報道", "増税"],
    "baseball": ["野球", "試合", "投手", "打者", "本塁打", "監督", "球場", "優勝", "選手", "得点",
                 "延長", "守備", "打率", "三振", "先発", "リーグ", "開幕", "応援", "審判", "練習",
                 "引退", "移籍", "観客", "決勝", "代表", "四球", "盗塁", "捕手", "内野", "外野"],
    "games": ["ゲーム", "攻略", "ボス", "レベル", "課金", "ガチャ", "装備", "実況", "配信", "コントローラー",
              "ステージ", "難易度", "周回", "報酬", "イベント", "アップデート", "バグ", "対戦", "ランキング", "キャラ",
              "武器", "魔法", "ダンジョン", "経験値", "協力", "新作", "発売日", "予約", "セーブ", "体力"],
}

SHARED = ["今日", "明日", "昨日", "週末", "朝", "夜", "友達", "家族", "写真", "時間",
          "気分", "最近", "今年", "部屋", "近所", "休日", "夕方", "昼", "家", "話",
          "一日", "来週", "先週", "連休", "月曜"]

# {s}: a shared noun; {a}, {b}: topic nouns.
TEMPLATES = [
    "{s}は{a}と{b}のことばかり考えていた。",
    "{s}の{a}、{b}がすごかった",
    "{a}について{s}ずっと話してた。{b}もよかった",
    "{s}、{a}が{b}みたいになってる",
    "やっと{a}。{s}は{b}で終わりそう",
    "{a}の{b}を{s}見た",
    "{s}から{a}と{b}。疲れた",
    "{a}って{b}より{s}の方が大事だと思う",
]


def topic_noun(topic, draw, stray):
    """A noun of `topic`; with probability `stray`, a noun of another topic."""
    if stray and draw.random() < stray:
        topic = draw.choice([t for t in TOPICS if t != topic])
    return draw.choice(TOPICS[topic])


def text(topic, draw, stray=0.125):
    sentences = []
    for _ in range(draw.choice((1, 1, 2))):
        a = topic_noun(topic, draw, stray)
        b = topic_noun(topic, draw, stray)
        sentences.append(draw.choice(TEMPLATES).format(s=draw.choice(SHARED), a=a, b=b))
    return "".join(sentences)


def label(topic):
    return "favorite" if topic in FAVORITE_TOPICS else "normal"


def posts(count, seed, favorite_share=0.25):
    """`count` posts; about `favorite_share` of them on a favourite topic."""
    draw = random.Random(seed)
    topics = list(TOPICS)
    normal_topics = [t for t in topics if t not in FAVORITE_TOPICS]
    authors = [(f"user{index:03d}", topics[index % len(topics)]) for index in range(300)]
    result = []
    for index in range(count):
        # The post's label first (so that the share holds), then an author who writes on
        # such a topic seven times in ten.
        favorite = draw.random() < favorite_share
        wanted = FAVORITE_TOPICS if favorite else normal_topics
        topic = draw.choice(wanted)
        if draw.random() < 0.7:
            author = draw.choice([name for name, lean in authors if lean == topic])
        else:
            author = draw.choice(authors)[0]
        result.append({"id": f"ja{seed}-{index}", "text": text(topic, draw), "author": author, "label": label(topic)})
    return result


def clear_post(kind, draw):
    """A clearly-`kind` post ("favorite" or "normal"): its topic's nouns only, by an author
    who leans to that topic."""
    topic = draw.choice(FAVORITE_TOPICS if kind == "favorite" else [t for t in TOPICS if t not in FAVORITE_TOPICS])
    index = list(TOPICS).index(topic)
    return {"text": text(topic, draw, stray=0), "author": f"user{index + 8 * draw.randrange(30):03d}"}
